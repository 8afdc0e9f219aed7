/**
 * A candidate's values in the form the query was normalized to (city, company, school, domain
 * and URL keys, folded titles and middle name, parsed birth date), worked out once per
 * candidate object and kept on it. The gateway caches candidates per build and common-name
 * blocks bring the same few hundred back request after request, so normalizing them on every
 * comparison was most of the cost of scoring.
 */
import type { PersonCandidate } from './candidate';
import { cityKeyOf, companyKeyOf, domainKeyOf, foldOf, schoolKeyOf, urlKeyOf } from './keys';
import { postalKey } from './query';

export interface ComparableLocation {
  postal: string | null;
  city: string;
  state: string;
  country: string;
  current: boolean;
}

export interface ComparableOrg {
  /** companyKey or schoolKey of the name; '' without one. */
  name: string;
  domain: string | null;
  url: string;
}

export interface ComparableJob extends ComparableOrg {
  /** Folded title. */
  title: string;
  current: boolean;
}

export interface ComparableCandidate {
  middle: string;
  birth: { year: number; month: number; day: number } | null;
  locations: ComparableLocation[];
  jobs: ComparableJob[];
  schools: ComparableOrg[];
}

const prepared = new WeakMap<PersonCandidate, ComparableCandidate>();

function birthOf(date: string): ComparableCandidate['birth'] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

function orgOf(name: string, domain: string, url: string, key: (s: string) => string): ComparableOrg {
  return {
    name: name ? key(name) : '',
    domain: domain ? domainKeyOf(domain) : null,
    url: url ? urlKeyOf(url) : '',
  };
}

function prepare(c: PersonCandidate): ComparableCandidate {
  return {
    middle: c.middle_name ? foldOf(c.middle_name) : '',
    birth: birthOf(c.birth_date),
    locations: c.locations.map((l) => {
      const country = l.country_code.toLowerCase();
      return {
        postal: l.postal_code ? postalKey(l.postal_code, country) : null,
        city: l.city ? cityKeyOf(l.city) : '',
        state: l.state_code.toLowerCase(),
        country,
        current: l.current,
      };
    }),
    jobs: c.jobs.map((j) => ({
      ...orgOf(j.name, j.domain, j.netx_url, companyKeyOf),
      title: foldOf(j.title),
      current: j.current,
    })),
    schools: c.schools.map((s) => orgOf(s.name, s.domain, s.netx_url, schoolKeyOf)),
  };
}

/** The comparable form of a candidate; candidates are never changed once made, so it is kept. */
export function comparableOf(c: PersonCandidate): ComparableCandidate {
  let form = prepared.get(c);
  if (!form) {
    form = prepare(c);
    prepared.set(c, form);
  }
  return form;
}
