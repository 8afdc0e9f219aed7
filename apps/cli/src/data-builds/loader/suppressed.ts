import { sweepSuppressed } from '@app/privacy';
import type { KindStores, Notes } from '../activation/switch-over';

/**
 * The people standing suppressions name leave the new build in both stores before it serves;
 * the count goes in the report. The sandbox holds fictional people only, so nothing is swept there.
 */
export async function leaveOutSuppressed(
  { runner, os, osConfig, kind }: Pick<KindStores, 'runner' | 'os' | 'osConfig' | 'kind'>,
  buildId: string,
  index: string,
  log: Notes,
): Promise<number> {
  if (kind !== 'live') return 0;
  const { removed, newlyNamed } = await sweepSuppressed(runner, os, osConfig, buildId, index);
  if (removed > 0)
    log.note(
      `${removed} ${removed === 1 ? 'person' : 'people'} left out: named by a standing suppression (docs/privacy.md)`,
    );
  if (newlyNamed.length > 0)
    log.note(
      `${newlyNamed.length} of them first named by a suppressed identifier: removed from the other stored builds too, and gateways read the suppressions again within a minute (at once after data:load)`,
    );
  return removed;
}
