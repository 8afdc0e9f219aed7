/**
 * What an incremental load (data:load --from) makes of each record it reads, against the base
 * build's content hashes (libs/store record-hashes): a record the base lacks is added, one whose
 * hash differs is updated, one whose hash agrees is unchanged (copied from the base, not written
 * again), and whatever base record no line names is deleted. Holds the base's (svc_id, hash)
 * pairs, one per record, and forgets each one as its record is read.
 */
export type DeltaChange = 'added' | 'updated' | 'unchanged';

export interface DeltaCounts {
  /** The base build the snapshot was compared with. */
  from: string;
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  /** Of the unchanged: known from their lines' source hashes, never parsed. */
  unchanged_unparsed: number;
}

export class DeltaClassifier {
  readonly counts: DeltaCounts;
  /** Base records this load writes again (updated): the copy of unchanged rows leaves them out. */
  readonly rewritten: string[] = [];
  private readonly unread: Map<string, string>;

  constructor(from: string, baseHashes: Map<string, string>) {
    this.unread = baseHashes;
    this.counts = { from, added: 0, updated: 0, deleted: 0, unchanged: 0, unchanged_unparsed: 0 };
  }

  classify(svcId: string, hash: string): DeltaChange {
    const before = this.unread.get(svcId);
    if (before === undefined) {
      this.counts.added += 1;
      return 'added';
    }
    this.unread.delete(svcId);
    if (before === hash) {
      this.counts.unchanged += 1;
      return 'unchanged';
    }
    this.counts.updated += 1;
    this.rewritten.push(svcId);
    return 'updated';
  }

  /** A record known unchanged from its line alone (ReadOptions.pass), not parsed. */
  passed(svcId: string): void {
    this.unread.delete(svcId);
    this.counts.unchanged += 1;
    this.counts.unchanged_unparsed += 1;
  }

  /** Once every line is read: the base records no line named. */
  finish(): string[] {
    const deleted = [...this.unread.keys()];
    this.counts.deleted = deleted.length;
    this.unread.clear();
    return deleted;
  }
}
