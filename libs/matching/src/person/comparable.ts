/**
 * A candidate's values in the form the query was normalized to (city, company, school, domain
 * and URL keys, folded titles and middle name, parsed birth date), worked out once per
 * candidate object and kept on it. The gateway caches candidates per build and common-name
 * blocks bring the same few hundred back request after request, so normalizing them on every
 * comparison was a large part of the cost of scoring.
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
  readonly middle: string;
  readonly birth: { year: number; month: number; day: number } | null;
  readonly locations: ComparableLocation[];
  readonly jobs: ComparableJob[];
  readonly schools: ComparableOrg[];
}

// Kept on the candidate itself rather than in a WeakMap, whose entries the garbage collector
// processes one by one (as ephemerons) at every full collection.
const FORM = Symbol('comparable');
type WithForm = PersonCandidate & { [FORM]?: ComparableCandidate };

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

/**
 * Each part is worked out when a comparison first reads it: a query compares only the fields
 * it has, and most candidates are seen by queries of one kind.
 */
class LazyForm implements ComparableCandidate {
  private middleForm?: string;
  private birthForm?: ComparableCandidate['birth'];
  private locationForms?: ComparableLocation[];
  private jobForms?: ComparableJob[];
  private schoolForms?: ComparableOrg[];

  constructor(private readonly c: PersonCandidate) {}

  get middle(): string {
    return (this.middleForm ??= this.c.middle_name ? foldOf(this.c.middle_name) : '');
  }

  get birth(): ComparableCandidate['birth'] {
    if (this.birthForm === undefined) this.birthForm = birthOf(this.c.birth_date);
    return this.birthForm;
  }

  get locations(): ComparableLocation[] {
    return (this.locationForms ??= this.c.locations.map((l) => {
      const country = l.country_code.toLowerCase();
      return {
        postal: l.postal_code ? postalKey(l.postal_code, country) : null,
        city: l.city ? cityKeyOf(l.city) : '',
        state: l.state_code.toLowerCase(),
        country,
        current: l.current,
      };
    }));
  }

  get jobs(): ComparableJob[] {
    return (this.jobForms ??= this.c.jobs.map((j) => ({
      ...orgOf(j.name, j.domain, j.netx_url, companyKeyOf),
      title: foldOf(j.title),
      current: j.current,
    })));
  }

  get schools(): ComparableOrg[] {
    return (this.schoolForms ??= this.c.schools.map((s) => orgOf(s.name, s.domain, s.netx_url, schoolKeyOf)));
  }
}

/** The comparable form of a candidate; candidates are never changed once made, so it is kept. */
export function comparableOf(c: PersonCandidate): ComparableCandidate {
  const known = (c as WithForm)[FORM];
  if (known) return known;
  const form = new LazyForm(c);
  // Not enumerable, so a copy made with spread (and changed) is worked out afresh.
  Object.defineProperty(c, FORM, { value: form });
  return form;
}
