import { DataSource, QueryRunner } from 'typeorm';
import { BuildKind } from '@app/contracts';
import { lockBuildLoads, lockBuildLoadsShared, unlockBuildLoads, unlockBuildLoadsShared } from '@app/store';
import { ActivationError } from './activation-error';

/** How long a switch waits for another of its kind (or a killed one's connection) to let go. */
const LOCK_WAIT_MS = 10_000;

/**
 * Runs `fn` on a connection of its own holding the kind's load lock (lockBuildLoads), so one
 * data:load or data:activate of a kind runs at a time. `shared`: the slices of a build (data:load
 * --slice) hold it together, excluding a full load or an activation but not each other.
 */
export async function holdingKindLock<T>(
  db: DataSource,
  kind: BuildKind,
  fn: (runner: QueryRunner) => Promise<T>,
  { shared = false }: { shared?: boolean } = {},
): Promise<T> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const lock = shared ? lockBuildLoadsShared : lockBuildLoads;
    if (!(await lock(runner, kind, LOCK_WAIT_MS))) {
      throw new ActivationError(
        shared
          ? `a data:load or data:activate of the ${kind} build is running; slices wait for it: try again when it has finished`
          : `another data:load or data:activate of the ${kind} build, or a slice of a data:load --slice, is running; try again when it has finished`,
      );
    }
    try {
      return await fn(runner);
    } finally {
      await (shared ? unlockBuildLoadsShared : unlockBuildLoads)(runner, kind).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
