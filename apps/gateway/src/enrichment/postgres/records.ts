import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RawJson } from '@app/shaping';
import { type Prepared, runPrepared } from '@app/store';
import { Coalescer } from '../../coalescer';

type Table = 'person_records' | 'company_records';

const BY_ID: Record<Table, Prepared> = {
  person_records: {
    name: 'svc_person_records',
    text: `SELECT svc_id::text AS svc_id, record_json FROM person_records WHERE build_id = $1 AND svc_id = ANY($2::uuid[])`,
  },
  company_records: {
    name: 'svc_company_records',
    text: `SELECT svc_id::text AS svc_id, record_json FROM company_records WHERE build_id = $1 AND svc_id = ANY($2::uuid[])`,
  },
};

/** Full records of a build by svc_id, as served (text), in a map (callers keep their own order). */
export async function loadRecords(
  db: DataSource,
  table: Table,
  buildId: string,
  svcIds: readonly string[],
): Promise<Map<string, RawJson>> {
  if (svcIds.length === 0) return new Map();
  const rows = await runPrepared<{ svc_id: string; record_json: string }>(db, BY_ID[table], [
    buildId,
    svcIds,
  ]);
  return new Map(rows.map((r) => [r.svc_id, new RawJson(r.record_json)]));
}

/**
 * Person records to answer with, read for the requests of one build that arrive while a read is
 * in flight in one statement (Coalescer): a name query's last round trip before billing.
 */
@Injectable()
export class PersonRecordQueue {
  private readonly batches: Coalescer<string, readonly string[], Map<string, RawJson>>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.batches = new Coalescer((build, requests) => this.read(build, requests));
  }

  load(buildId: string, svcIds: readonly string[]): Promise<Map<string, RawJson>> {
    return svcIds.length === 0 ? Promise.resolve(new Map()) : this.batches.submit(buildId, svcIds);
  }

  private async read(buildId: string, requests: Array<readonly string[]>) {
    const records = await loadRecords(this.db, 'person_records', buildId, [...new Set(requests.flat())]);
    return requests.map(
      (ids) => new Map(ids.flatMap((id) => (records.has(id) ? [[id, records.get(id)!]] : []))),
    );
  }
}
