import type { DataSource } from 'typeorm';
import { Change, ChangeScope, hashStreams, resolveCandidates } from './changes';
import { Candidate, mergeByKey } from './compare';

export interface StreamOptions {
  /** Rows per keyset page of each build. */
  pageSize?: number;
  /** Differing records fetched whole at once (per build). */
  fetchSize?: number;
  /** After each page read: the rows of that page. */
  onPage?: (rows: number) => void;
}

/**
 * Every change of one entity from `from` to `to`, in svc_id order, a batch at a time: `emit`
 * gets one batch and is awaited (for the caller's backpressure) before the next. Memory holds a
 * page of each build and one batch of differing records, whatever the sizes (data:changes).
 */
export async function streamEntityChanges(
  db: DataSource,
  scope: ChangeScope,
  opts: StreamOptions,
  emit: (changes: Change[]) => Promise<void>,
): Promise<void> {
  // A build compared with itself has no change; nothing needs reading.
  if (scope.from === scope.to) return;
  const pageSize = opts.pageSize ?? 5000;
  const fetchSize = opts.fetchSize ?? 500;
  let [batch, differing] = [[] as Candidate[], 0];
  const flush = async () => {
    const changes = await resolveCandidates(db, scope, batch);
    [batch, differing] = [[], 0];
    if (changes.length > 0) await emit(changes);
  };
  for await (const c of mergeByKey(...hashStreams(db, scope, pageSize, opts.onPage))) {
    batch.push(c);
    if (c.change === 'differs') differing++;
    if (differing >= fetchSize || batch.length >= pageSize) await flush();
  }
  await flush();
}
