/**
 * What the MCP specs run against: a listening gateway with a search worker, a live build and the
 * sandbox build, an SDK client on /mcp with the team's key, and live values to ask for.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import type { LightMyRequestResponse } from 'fastify';
import { balanceOf, createTestEnvironment, TestEnvironment } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack, TEST_BUILD } from '../search/harness';
import { connectMcp, LEGACY, MODERN } from './client';

const firstRecord = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8').split('\n')[0]) as { svc_id: string };
export const SANDBOX_PERSON = firstRecord('data/sandbox/people.jsonl');
export const SANDBOX_COMPANY = firstRecord('data/sandbox/companies.jsonl');
/** RATE_LIMIT_BULK_PER_MINUTE of the suite's gateway. */
export const BULK_LIMIT = 4;

export interface McpSuite {
  env: TestEnvironment;
  stack: SearchStack;
  /** The gateway's /mcp URL. */
  url: string;
  /** Connected with the team's key, in the current revision. */
  client: Client;
  /** Values of the live build: a person with an email, a company, the commonest city and industry. */
  live: { email: string; person: string; company: string; city: string; industry: string };
  sql<T>(q: string, p?: unknown[]): Promise<T[]>;
  balance(teamId?: number): Promise<number>;
  /** Another client, closed with the suite. */
  connect(key: string | undefined, revision?: typeof MODERN | typeof LEGACY): Promise<Client>;
  /** The same request over HTTP. */
  http(path: string, body: object, key?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startMcpSuite(): Promise<McpSuite> {
  const clients: Client[] = [];
  const env = await createTestEnvironment({ RATE_LIMIT_BULK_PER_MINUTE: String(BULK_LIMIT), REDIS_URL: '' });
  let stack: SearchStack | undefined;
  const close = async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await stack?.close();
    await env.cleanup();
  };
  try {
    await loadTestBuilds(env, { people: 300, companies: 40, seed: 19 }, { sandbox: true });
    const started = await startSearchStack(env, { name: 'mcp', credits: 100_000, tier: 'standard' });
    stack = started;
    await started.gateway.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(started.gateway.getHttpServer().address() as AddressInfo).port}/mcp`;
    const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
    const connect = async (key: string | undefined, revision: typeof MODERN | typeof LEGACY = MODERN) => {
      const c = await connectMcp(url, key, revision);
      clients.push(c);
      return c;
    };
    const client = await connect(started.apiKey);
    const [person] = await sql<{ svc_id: string; email: string }>(
      `SELECT svc_id, record->'emails'->0->>'address' email FROM person_records
        WHERE build_id = $1 AND jsonb_array_length(record->'emails') > 0 ORDER BY svc_id LIMIT 1`,
      [TEST_BUILD],
    );
    const [company] = await sql<{ svc_id: string }>(
      `SELECT svc_id FROM company_records WHERE build_id = $1 ORDER BY svc_id LIMIT 1`,
      [TEST_BUILD],
    );
    const [{ city }] = await sql<{ city: string }>(
      `SELECT record->>'city' city FROM person_records WHERE build_id = $1 AND record->>'city' IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [TEST_BUILD],
    );
    const [{ industry }] = await sql<{ industry: string }>(
      `SELECT record->>'industry' industry FROM company_records WHERE build_id = $1 AND record->>'industry' IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [TEST_BUILD],
    );
    return {
      env,
      stack: started,
      url,
      client,
      live: { email: person.email, person: person.svc_id, company: company.svc_id, city, industry },
      sql,
      balance: (teamId = started.teamId) => balanceOf(env.db.dataSource, teamId),
      connect,
      http: (path, body, key = started.apiKey) => started.post(path, body, key),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
