/**
 * data:changes: every record added, deleted or updated between two stored builds of one kind
 * (docs/data-builds.md, "Changelog"). The reading and comparing is @app/store's (shared with GET
 * /builds/changes); the command decides which builds may be compared and words its refusals.
 */
import { DataSource } from 'typeorm';
import { Entity } from '@app/contracts';
import { BuildRow, buildKindOf, Change, findBuild, streamEntityChanges } from '@app/store';
import { CliError, NotFoundError } from '../../errors';

export type { Change } from '@app/store';

export interface ChangesOptions {
  from: string;
  to: string;
  entities: readonly Entity[];
  /** Rows per keyset page of each build. */
  pageSize?: number;
  /** Differing records fetched whole at once (per build). */
  fetchSize?: number;
  /** After each page read: the entity, and records read of both builds so far. */
  onProgress?: (entity: Entity, read: number) => void;
}

export interface ChangeCounts {
  entity: Entity;
  added: number;
  deleted: number;
  updated: number;
}

async function storedBuild(db: DataSource, id: string): Promise<BuildRow> {
  const row = await findBuild(db, id);
  if (!row) throw new NotFoundError(`build ${id} does not exist (see data:builds)`);
  if (row.status !== 'ready')
    throw new CliError(
      `build ${id} is ${row.status}${row.failure_reason ? ` (${row.failure_reason})` : ''}: only a build that loaded holds records to compare`,
    );
  return row;
}

/** Both builds exist, loaded, and are of one kind (a live build is never compared with the sandbox). */
export async function buildPair(db: DataSource, from: string, to: string): Promise<[BuildRow, BuildRow]> {
  const a = await storedBuild(db, from);
  const b = await storedBuild(db, to);
  if (buildKindOf(a) !== buildKindOf(b))
    throw new CliError(
      `build ${from} is a ${buildKindOf(a)} build and ${to} a ${buildKindOf(b)} build: a changelog compares two builds of one kind`,
    );
  return [a, b];
}

/**
 * The changes of each entity in turn (in `entities` order), each in svc_id order, a batch at a
 * time: `emit` gets one batch and is awaited (for the output's backpressure) before the next.
 */
export async function streamChanges(
  db: DataSource,
  opts: ChangesOptions,
  emit: (changes: Change[]) => Promise<void>,
): Promise<ChangeCounts[]> {
  const { from, to } = opts;
  await buildPair(db, from, to);
  const counts: ChangeCounts[] = [];
  for (const entity of opts.entities) {
    const count: ChangeCounts = { entity, added: 0, deleted: 0, updated: 0 };
    counts.push(count);
    let read = 0;
    const onPage = (rows: number) => opts.onProgress?.(entity, (read += rows));
    await streamEntityChanges(
      db,
      { entity, from, to },
      { pageSize: opts.pageSize, fetchSize: opts.fetchSize, onPage },
      async (changes) => {
        for (const c of changes) count[c.change]++;
        await emit(changes);
      },
    );
  }
  return counts;
}
