import { DataSource, QueryRunner } from 'typeorm';
import { BuildKind } from '@app/contracts';
import { lockBuildLoads, unlockBuildLoads } from '@app/store';
import { ActivationError } from './activation-error';

/** How long a switch waits for another of its kind (or a killed one's connection) to let go. */
const LOCK_WAIT_MS = 10_000;

/**
 * Runs `fn` on a connection of its own holding the kind's load lock (lockBuildLoads), so one
 * data:load or data:activate of a kind runs at a time.
 */
export async function holdingKindLock<T>(
  db: DataSource,
  kind: BuildKind,
  fn: (runner: QueryRunner) => Promise<T>,
): Promise<T> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    if (!(await lockBuildLoads(runner, kind, LOCK_WAIT_MS))) {
      throw new ActivationError(
        `another data:load or data:activate of the ${kind} build is running; try again when it has finished`,
      );
    }
    try {
      return await fn(runner);
    } finally {
      await unlockBuildLoads(runner, kind).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
