/**
 * An in-memory PersonCandidateSource for unit tests: the same blocking rules and key lookups
 * as the gateway's SQL source, over records held in a list. Keys are extracted the way the
 * loader extracts them (apps/cli/src/data-builds/loader/rows.ts), which libs cannot import.
 */
import type { PersonRecord } from '@app/contracts';
import { cityKey, domainKey, foldKey, hashNormalizedEmail, tryNormalizeEmail, urlKey } from '@app/normalize';
import {
  type BlockingPlan,
  FREQUENCY_PAIRS,
  type FrequencyColumn,
  type FrequencyCounts,
  type FrequencyPair,
  type FrequencyRequest,
  type KeyHit,
  pairValue,
  type PersonCandidate,
  type PersonCandidateSource,
} from '../person/candidate';
import type { PersonKeyKind } from '../person/query';

export function candidateFromRecord(p: PersonRecord): PersonCandidate {
  return {
    svc_id: p.svc_id,
    first_name: foldKey(p.first_name),
    last_name: foldKey(p.last_name),
    middle_name: p.middle_name,
    birth_date: p.birth_date,
    locations: p.locations.map((l) => ({
      city: l.city,
      state_code: l.state_code,
      country_code: l.country_code,
      postal_code: l.postal_code,
      current: l.current,
    })),
    jobs: p.experience.map((e) => ({
      name: e.organization.name.cleaned,
      domain: e.organization.website,
      netx_url: e.organization.netx_url,
      title: e.title.cleaned,
      current: e.current,
    })),
    schools: p.education.map((e) => ({
      name: e.organization.name.cleaned,
      domain: e.organization.website,
      netx_url: e.organization.netx_url,
    })),
  };
}

export function keysFromRecord(p: PersonRecord): KeyHit[] {
  const keys = new Map<string, KeyHit>();
  const add = (kind: PersonKeyKind, value: string | undefined, current = true) => {
    if (!value) return;
    const id = `${kind}\u0000${value}`;
    const existing = keys.get(id);
    if (existing) existing.current ||= current;
    else keys.set(id, { svc_id: p.svc_id, kind, value, current });
  };
  for (const e of p.emails) {
    const r = tryNormalizeEmail(e.address);
    if (!r.ok) continue;
    const h = hashNormalizedEmail(r.email);
    add('email', r.email, e.current);
    add('email_sha256', h.sha256, e.current);
    add('email_sha1', h.sha1, e.current);
    add('email_md5', h.md5, e.current);
  }
  for (const ph of p.phones) add('phone', ph.number, ph.current);
  add('social_url', urlKey(p.netx_url));
  for (const s of p.socials) add('social_url', urlKey(s.url), s.current);
  add('netx_id', p.netx_id);
  return [...keys.values()];
}

interface Row {
  candidate: PersonCandidate;
  keys: KeyHit[];
  city: string;
  domain: string;
  state: string;
}

export class MemoryPersonSource implements PersonCandidateSource {
  private readonly rows: Row[];
  /** Calls made, for tests that check what the matcher asked for. */
  readonly calls: string[] = [];

  constructor(
    records: ReadonlyArray<PersonRecord | { candidate: PersonCandidate; keys?: KeyHit[] }>,
    private readonly options: { population?: number; counts?: Partial<FrequencyCounts> } = {},
  ) {
    this.rows = records.map((r) => {
      const candidate = 'candidate' in r ? r.candidate : candidateFromRecord(r);
      const keys = 'candidate' in r ? (r.keys ?? []) : keysFromRecord(r);
      const home = candidate.locations.find((l) => l.current);
      const job = candidate.jobs.find((j) => j.current);
      return {
        candidate,
        keys,
        city: home ? cityKey(home.city) : '',
        state: home ? home.state_code.toLowerCase() : '',
        domain: job ? (domainKey(job.domain) ?? job.domain) : '',
      };
    });
  }

  async population(): Promise<number> {
    return this.options.population ?? this.rows.length;
  }

  async findByKeys(keys: ReadonlyArray<{ kind: PersonKeyKind; value: string }>): Promise<KeyHit[]> {
    this.calls.push('findByKeys');
    return this.rows.flatMap((r) =>
      r.keys.filter((k) => keys.some((q) => q.kind === k.kind && q.value === k.value)),
    );
  }

  async findByBlocks(plan: BlockingPlan): Promise<PersonCandidate[]> {
    this.calls.push('findByBlocks');
    const found = new Map<string, PersonCandidate>();
    for (const r of this.rows) {
      const c = r.candidate;
      const byLast =
        plan.lastName &&
        plan.lastName.lastNames.includes(c.last_name) &&
        (!plan.lastName.firstNames || plan.lastName.firstNames.includes(c.first_name)) &&
        (!plan.lastName.firstInitials || plan.lastName.firstInitials.includes(c.first_name[0]));
      const byCity =
        plan.firstNameCity &&
        plan.firstNameCity.firstNames.includes(c.first_name) &&
        plan.firstNameCity.cities.includes(r.city);
      const byCompany =
        plan.firstNameCompany &&
        plan.firstNameCompany.firstNames.includes(c.first_name) &&
        (plan.firstNameCompany.domains.includes(r.domain) ||
          c.jobs.some((j) => j.current && plan.firstNameCompany!.companyNames.includes(foldKey(j.name))));
      const byInitial =
        plan.firstNameLastInitial &&
        plan.firstNameLastInitial.firstNames.includes(c.first_name) &&
        plan.firstNameLastInitial.lastInitials.includes(c.last_name[0]);
      if (byLast || byCity || byCompany || byInitial) found.set(c.svc_id, c);
    }
    return [...found.values()];
  }

  async loadCandidates(svcIds: readonly string[]): Promise<PersonCandidate[]> {
    this.calls.push('loadCandidates');
    return this.rows.filter((r) => svcIds.includes(r.candidate.svc_id)).map((r) => r.candidate);
  }

  async frequencies(request: FrequencyRequest): Promise<FrequencyCounts> {
    this.calls.push('frequencies');
    const valueOf: Record<FrequencyColumn, (r: Row) => string> = {
      last_name: (r) => r.candidate.last_name,
      first_name: (r) => r.candidate.first_name,
      city: (r) => r.city,
      company_domain: (r) => r.domain,
    };
    const given = this.options.counts ?? {};
    const out = {} as FrequencyCounts;
    for (const kind of Object.keys(request) as Array<keyof FrequencyRequest>) {
      const of =
        kind in FREQUENCY_PAIRS
          ? (r: Row) =>
              pairValue(
                valueOf[FREQUENCY_PAIRS[kind as FrequencyPair][0]](r),
                valueOf[FREQUENCY_PAIRS[kind as FrequencyPair][1]](r),
              )
          : valueOf[kind as FrequencyColumn];
      out[kind] = Object.fromEntries(
        request[kind].map((v) => [v, given[kind]?.[v] ?? this.rows.filter((r) => of(r) === v).length]),
      );
    }
    return out;
  }
}
