/**
 * An in-memory PersonCandidateSource for unit tests: the same blocking rules and key lookups
 * as the gateway's SQL source, over records held in a list, keyed by the loader's own key
 * extraction (../record-keys).
 */
import type { PersonRecord } from '@app/contracts';
import {
  cityKey,
  detectSocialNetwork,
  domainKey,
  foldKey,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '@app/normalize';
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
import type { HeldIdentifier, PersonKeyKind } from '../person/identifiers';
import { personRows } from '../record-keys';

/**
 * The candidate the gateway would read for this record: the stored slice's reading of it
 * (svc_person_match_slice: null text → '', `current` true only when the record says so) and
 * the folded name columns.
 */
export function candidateFromRecord(p: PersonRecord): PersonCandidate {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    svc_id: p.svc_id,
    first_name: p.first_name ? foldKey(p.first_name) : '',
    last_name: p.last_name ? foldKey(p.last_name) : '',
    middle_name: text(p.middle_name),
    birth_date: text(p.birth_date),
    birth_year: p.birth_year,
    locations: p.locations.map((l) => ({
      city: text(l.city),
      state_code: text(l.state_code),
      country_code: text(l.country_code),
      postal_code: text(l.postal_code),
      current: l.current === true,
    })),
    jobs: p.experience.map((e) => ({
      name: text(e.organization?.name.cleaned),
      domain: text(e.organization?.website),
      netx_url: text(e.organization?.netx_url),
      title: text(e.title?.cleaned),
      current: e.current === true,
    })),
    schools: p.education.map((e) => ({
      name: text(e.organization?.name.cleaned),
      domain: text(e.organization?.website),
      netx_url: text(e.organization?.netx_url),
    })),
  };
}

/** The identifiers a record holds, as the gateway reads them (PgPersonSource.heldIdentifiers). */
export function heldFromRecord(p: PersonRecord): Set<HeldIdentifier> {
  const held = new Set<HeldIdentifier>();
  if (p.emails.length > 0) held.add('email');
  if (p.phones.length > 0) held.add('phone');
  if (p.netx_id) held.add('netx_id');
  if (p.netx_url) held.add('social_url:netx');
  for (const s of p.socials)
    if ((SOCIAL_NETWORKS as readonly string[]).includes(s.network))
      held.add(`social_url:${s.network as SocialNetwork}`);
  return held;
}

function heldFromKeys(keys: readonly KeyHit[]): Set<HeldIdentifier> {
  const held = new Set<HeldIdentifier>();
  for (const k of keys) {
    if (k.kind.startsWith('email')) held.add('email');
    else if (k.kind === 'phone' || k.kind === 'netx_id') held.add(k.kind);
    else if (k.kind === 'social_url') held.add(`social_url:${detectSocialNetwork(k.value) ?? 'netx'}`);
  }
  return held;
}

/** The keys the loader writes for the record (../record-keys). */
export function keysFromRecord(p: PersonRecord): KeyHit[] {
  return personRows(p).keys;
}

interface Row {
  candidate: PersonCandidate;
  keys: KeyHit[];
  held: Set<HeldIdentifier>;
  city: string;
  domain: string;
  state: string;
}

export class MemoryPersonSource implements PersonCandidateSource {
  private readonly rows: Row[];
  /** Calls made, for tests that check what the matcher asked for. */
  readonly calls: string[] = [];
  /** Every blocking plan asked, in order. */
  readonly plans: BlockingPlan[] = [];

  constructor(
    records: ReadonlyArray<PersonRecord | { candidate: PersonCandidate; keys?: KeyHit[] }>,
    private readonly options: { population?: number; counts?: Partial<FrequencyCounts> } = {},
  ) {
    this.rows = records.map((r) => {
      const candidate = 'candidate' in r ? r.candidate : candidateFromRecord(r);
      const keys = 'candidate' in r ? (r.keys ?? []) : keysFromRecord(r);
      const held = 'candidate' in r ? heldFromKeys(keys) : heldFromRecord(r);
      const home = candidate.locations.find((l) => l.current);
      const job = candidate.jobs.find((j) => j.current);
      return {
        candidate,
        keys,
        held,
        city: home ? cityKey(home.city) : '',
        state: home ? home.state_code.toLowerCase() : '',
        domain: job && job.domain ? (domainKey(job.domain) ?? job.domain) : '',
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

  async heldIdentifiers(svcIds: readonly string[]): Promise<Map<string, ReadonlySet<HeldIdentifier>>> {
    this.calls.push('heldIdentifiers');
    return new Map(
      this.rows.filter((r) => svcIds.includes(r.candidate.svc_id)).map((r) => [r.candidate.svc_id, r.held]),
    );
  }

  async findByBlocks(plan: BlockingPlan): Promise<PersonCandidate[]> {
    this.calls.push('findByBlocks');
    this.plans.push(plan);
    const found = new Map<string, PersonCandidate>();
    for (const r of this.rows) {
      const c = r.candidate;
      const byLast = [plan.lastName, ...plan.otherNames].some(
        (rule) =>
          rule &&
          rule.lastNames.includes(c.last_name) &&
          (!rule.firstNames || rule.firstNames.includes(c.first_name)) &&
          (!rule.firstInitials || rule.firstInitials.includes(c.first_name[0])),
      );
      const parts = plan.surnameParts;
      const byPart =
        parts &&
        parts.firstNames.includes(c.first_name) &&
        (parts.lastNames.includes(c.last_name) ||
          surnameEnds(c.last_name).some((w) => parts.words.includes(w)));
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
      if (byLast || byPart || byCity || byCompany || byInitial) found.set(c.svc_id, c);
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

/** The first and last word of a surname of several words (the surname-word indexes' keys); none for one word. */
function surnameEnds(lastName: string): string[] {
  const words = lastName.split(' ');
  return words.length > 1 ? [words[0], words[words.length - 1]] : [];
}
