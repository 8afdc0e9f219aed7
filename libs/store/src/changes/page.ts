import { Change, ChangesDb, ChangeScope, hashStreams, resolveCandidates } from './changes';
import { Candidate, Merged, mergeKeys } from './compare';

export interface PageRequest extends ChangeScope {
  /** Resume after this svc_id (where the previous page ended); from the first record when null. */
  after: string | null;
  /** At most this many changes. */
  size: number;
  /** At most this many records (svc_ids of either build) examined, changed or not. */
  scanLimit: number;
  /** Rows per keyset read of each build. */
  pageSize?: number;
  /** Differing records fetched whole at once (per build). */
  fetchSize?: number;
}

export interface ChangesPage {
  changes: Change[];
  /** The svc_id the next page resumes after; null when the changelog ends with this page. */
  resumeAfter: string | null;
}

/**
 * One page of the changelog of an entity (GET /builds/changes): the changes after `after`, in
 * svc_id order, ending after `size` changes or `scanLimit` records examined, whichever comes
 * first, so a page's cost is bounded however sparse the changes. A page may therefore hold fewer
 * than `size` changes, none even, and still not be the last. Reads at most scanLimit + 1 rows of
 * each build: the key after the budget only tells whether the changelog goes on.
 */
export async function changesPage(db: ChangesDb, req: PageRequest): Promise<ChangesPage> {
  // Either at 0 would end a page where it began, and a caller following the pages would loop.
  if (req.size < 1 || req.scanLimit < 1)
    throw new RangeError('a changelog page needs a size and a scan limit of 1 or more');
  if (req.from === req.to) return { changes: [], resumeAfter: null };
  const limit = req.scanLimit + 1;
  const pageSize = Math.min(req.pageSize ?? 1000, limit);
  const range = { after: req.after ?? undefined, limit };
  const keys = mergeKeys(...hashStreams(db, req, pageSize, undefined, range));
  const { candidates, resumeAfter } = await takePage(keys, req);
  const changes = await resolveInBatches(db, req, candidates, req.fetchSize ?? 250);
  return { changes, resumeAfter };
}

/**
 * The candidates of one page from the merged keys after `after`, and where the next page
 * resumes (null when the keys ran out). Stops before a change beyond `size` or a record beyond
 * `scanLimit`: that key was only looked at, so the next page starts with it.
 */
export async function takePage(
  keys: AsyncIterable<Merged>,
  { after, size, scanLimit }: Pick<PageRequest, 'after' | 'size' | 'scanLimit'>,
): Promise<{ candidates: Candidate[]; resumeAfter: string | null }> {
  const candidates: Candidate[] = [];
  let [last, scanned] = [after, 0];
  for await (const key of keys) {
    if (scanned === scanLimit) return { candidates, resumeAfter: last };
    // Unchanged records after a full page are passed over (within the budget), so a page that
    // ends the changelog says so instead of sending the caller to an empty one.
    if (key.change !== 'same') {
      if (candidates.length === size) return { candidates, resumeAfter: last };
      candidates.push({ svc_id: key.svc_id, change: key.change });
    }
    scanned++;
    last = key.svc_id;
  }
  return { candidates, resumeAfter: null };
}

/** At most `fetchSize` differing records of each build fetched and parsed at once. */
async function resolveInBatches(
  db: ChangesDb,
  scope: ChangeScope,
  candidates: readonly Candidate[],
  fetchSize: number,
): Promise<Change[]> {
  const changes: Change[] = [];
  let [start, differing] = [0, 0];
  for (let i = 0; i < candidates.length; i++) {
    if (candidates[i].change === 'differs') differing++;
    if (differing < fetchSize && i < candidates.length - 1) continue;
    changes.push(...(await resolveCandidates(db, scope, candidates.slice(start, i + 1))));
    [start, differing] = [i + 1, 0];
  }
  return changes;
}
