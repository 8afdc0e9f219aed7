import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BuildKind } from '@app/contracts';
import { checkPersonRequirements, matchPerson, normalizePersonQuery, personEvidence } from '@app/matching';
import type { RawJson } from '@app/shaping';
import { Caller, TierService } from '../access';
import { SuppressedPeople } from '../privacy/suppressed-people.service';
import { ActiveBuilds } from './active-builds.service';
import { CandidateCache } from './candidate-cache';
import type { PersonEnrichDto } from './dto/person-enrich.dto';
import { buildResponse, candidatesToLoad, EnrichResponse, resolveOptions } from './enrich-results';
import { FrequencyCache } from './frequency-cache';
import { KeyHitQueue } from './postgres/key-hits';
import { PgPersonSource } from '@app/store';
import { PersonRecordQueue } from './postgres/records';

@Injectable()
export class PersonEnrichService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly builds: ActiveBuilds,
    private readonly frequencies: FrequencyCache,
    private readonly candidates: CandidateCache,
    private readonly keyHits: KeyHitQueue,
    private readonly recordQueue: PersonRecordQueue,
    private readonly tiers: TierService,
    private readonly suppressed: SuppressedPeople,
  ) {}

  /** One request, live or sandbox; throws ServiceError for every 400/403/422 rule. */
  async enrich(body: PersonEnrichDto, caller: Caller, kind: BuildKind): Promise<EnrichResponse> {
    const options = resolveOptions(body, 'person', caller, this.tiers);
    checkPersonRequirements(body);
    const query = normalizePersonQuery(body);
    const build = await this.builds.get(kind);
    const source = new PgPersonSource(this.db, build, this.frequencies, this.candidates, this.keyHits);
    // A suppressed person is never an answer, nor counted in `total` (docs/privacy.md).
    const ranked = (await matchPerson(query, source)).filter((m) => !this.suppressed.has(m.svc_id));
    const load = candidatesToLoad(
      ranked.map((m) => ({ ...m, evidence: personEvidence(query, m) })),
      options,
    );
    const wanted = options.required.length > 0 ? load : load.slice(0, options.limit);
    const records = new Map<string, RawJson>();
    for (const m of wanted) {
      const record = source.records.get(m.svc_id);
      if (record) records.set(m.svc_id, record);
    }
    const unread = wanted.filter((m) => !records.has(m.svc_id)).map((m) => m.svc_id);
    for (const [id, record] of await this.recordQueue.load(build.id, unread)) records.set(id, record);
    return buildResponse('person', load, records, options);
  }
}
