import type { KeyHit, PersonCandidate } from '../person/candidate';

/** A compact way to write a candidate in table-driven tests. */
export interface CandidateSpec {
  id: string;
  first: string;
  last: string;
  middle?: string;
  birth?: string;
  city?: string;
  state?: string;
  country?: string;
  postal?: string;
  pastCity?: string;
  company?: string;
  domain?: string;
  title?: string;
  pastCompany?: string;
  pastDomain?: string;
  pastTitle?: string;
  school?: string;
  keys?: Array<Omit<KeyHit, 'svc_id'>>;
}

export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function candidate(s: CandidateSpec): { candidate: PersonCandidate; keys: KeyHit[] } {
  const locations = [
    {
      city: s.city ?? 'austin',
      state_code: s.state ?? 'US-TX',
      country_code: s.country ?? 'US',
      postal_code: s.postal ?? '',
      current: true,
    },
  ];
  if (s.pastCity)
    locations.push({ city: s.pastCity, state_code: '', country_code: 'US', postal_code: '', current: false });
  const jobs = [
    {
      name: s.company ?? 'initech',
      domain: s.domain ?? `${(s.company ?? 'initech').replace(/\W/g, '')}.example`,
      netx_url: '',
      title: s.title ?? 'accountant',
      current: true,
    },
  ];
  if (s.pastCompany)
    jobs.push({
      name: s.pastCompany,
      domain: s.pastDomain ?? '',
      netx_url: '',
      title: s.pastTitle ?? 'clerk',
      current: false,
    });
  return {
    candidate: {
      svc_id: s.id,
      first_name: s.first,
      last_name: s.last,
      middle_name: s.middle ?? '',
      birth_date: s.birth ?? '1980-01-01',
      locations,
      jobs,
      schools: s.school ? [{ name: s.school, domain: '', netx_url: '' }] : [],
    },
    keys: (s.keys ?? []).map((k) => ({ ...k, svc_id: s.id })),
  };
}
