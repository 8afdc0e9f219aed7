import { sweepSuppressed } from '@app/privacy';
import type { KindStores, Notes } from '../activation/switch-over';

/**
 * The people standing suppressions name leave the new build in both stores before it serves;
 * the count goes in the report. The sandbox holds fictional people only, so nothing is swept there.
 */
export async function leaveOutSuppressed(
  { runner, os, kind }: Pick<KindStores, 'runner' | 'os' | 'kind'>,
  buildId: string,
  index: string,
  log: Notes,
): Promise<number> {
  if (kind !== 'live') return 0;
  const removed = await sweepSuppressed(runner, os, buildId, index);
  if (removed > 0)
    log.note(
      `${removed} ${removed === 1 ? 'person' : 'people'} left out: named by a standing suppression (docs/privacy.md)`,
    );
  return removed;
}
