import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestEnvironment, TestEnvironment } from '../environment';
import { balanceOf, SeededTeam, seedTeam, TeamSeed } from '../teams';
import { bootHttpApp, ControllerClass, HttpAppBinding } from './boot';
import { injector, KeyedClient, keyedClient } from './client';

export interface HttpHarnessOptions {
  /**
   * The suite's environment, when it must fill it before the app boots (data builds); the suite
   * then cleans it up. Without one the harness makes its own, with `variables`, and `close()`
   * drops it.
   */
  env?: TestEnvironment;
  variables?: Record<string, string>;
  /** Probe controllers beside the app's own. */
  controllers?: ControllerClass[];
  /** The team whose key requests carry unless told otherwise. */
  team?: TeamSeed;
}

export interface HttpHarness extends KeyedClient {
  env: TestEnvironment;
  app: NestFastifyApplication;
  team: SeededTeam;
  /** A team's credits balance; the harness team's by default. */
  balance(teamId?: number): Promise<number>;
  sql<T>(query: string, params?: unknown[]): Promise<T[]>;
  /** Stops the app, and drops the environment if the harness made it. */
  close(): Promise<void>;
}

/** One suite's app: an isolated environment, a seeded team and key, the real app booted. */
export async function httpHarness(
  binding: HttpAppBinding,
  opts: HttpHarnessOptions = {},
): Promise<HttpHarness> {
  const owned = opts.env === undefined;
  const env = opts.env ?? (await createTestEnvironment(opts.variables));
  try {
    const ds = env.db.dataSource;
    const team = await seedTeam(ds, opts.team);
    const app = await bootHttpApp(binding, env.config, opts.controllers);
    return {
      env,
      app,
      team,
      ...keyedClient(injector(app), team.key),
      balance: (teamId = team.id) => balanceOf(ds, teamId),
      sql: <T>(query: string, params: unknown[] = []) => ds.query(query, params) as Promise<T[]>,
      async close() {
        try {
          await app.close();
        } finally {
          if (owned) await env.cleanup();
        }
      },
    };
  } catch (error) {
    if (owned) await env.cleanup().catch(() => undefined);
    throw error;
  }
}
