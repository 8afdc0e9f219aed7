/**
 * A candidate's values in the form the query was normalized to (city, company, school, domain
 * and URL keys, folded titles and middle name, parsed birth date), worked out once per
 * candidate object and kept on it. An unknown value is '' or null here, whatever the record
 * said ('' from the stored slice, null from the record), and compare.ts leaves it out. The gateway caches candidates per build and common-name
 * blocks bring the same few hundred back request after request, so normalizing them on every
 * comparison was a large part of the cost of scoring.
 */
import type { CandidateJob, CandidateSchool, PersonCandidate } from './candidate';
import { cityKeyOf, companyKeyOf, domainKeyOf, foldOf, schoolKeyOf, urlKeyOf } from './keys';
import { postalKey } from './query';

/** '' (null for the postal code) where the location does not know the component. */
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

/** A birth date as precise as the record knows it. */
export interface ComparableBirth {
  year: number;
  month: number | null;
  /** Null when the month is. */
  day: number | null;
}

export interface ComparableCandidate {
  readonly middle: string;
  readonly birth: ComparableBirth | null;
  readonly locations: ComparableLocation[];
  readonly jobs: ComparableJob[];
  readonly schools: ComparableOrg[];
}

// Kept on the candidate itself rather than in a WeakMap, whose entries the garbage collector
// processes one by one (as ephemerons) at every full collection.
const FORM = Symbol('comparable');
type WithForm = PersonCandidate & { [FORM]?: ComparableCandidate };

const BIRTH = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** `YYYY-MM-DD`, or as much of it as is known; else the birth year alone; else unknown. */
export function birthOf(date: string | null | undefined, year?: number | null): ComparableBirth | null {
  const m = date ? BIRTH.exec(date) : null;
  if (m) {
    const month = m[2] === undefined ? null : Number(m[2]);
    return { year: Number(m[1]), month, day: m[3] === undefined || month === null ? null : Number(m[3]) };
  }
  return typeof year === 'number' && Number.isInteger(year) && year > 0
    ? { year, month: null, day: null }
    : null;
}

/**
 * An employer or school whose keys are worked out when first read: a query gives a name, a
 * website or a page, and a name query's candidates (a few hundred at 1M) would otherwise key
 * every job's domain and page too (bench/matching/RESULTS.md: the keys' memo was ~25 % of a
 * name request).
 */
class LazyOrg<R extends CandidateSchool = CandidateSchool> implements ComparableOrg {
  private nameKey?: string;
  private domainKey?: string | null;
  private urlKeyForm?: string;

  constructor(
    protected readonly raw: R,
    private readonly key: (s: string) => string,
  ) {}

  get name(): string {
    return (this.nameKey ??= this.raw.name ? this.key(this.raw.name) : '');
  }

  get domain(): string | null {
    if (this.domainKey === undefined) this.domainKey = this.raw.domain ? domainKeyOf(this.raw.domain) : null;
    return this.domainKey;
  }

  get url(): string {
    return (this.urlKeyForm ??= this.raw.netx_url ? urlKeyOf(this.raw.netx_url) : '');
  }
}

class LazyJob extends LazyOrg<CandidateJob> implements ComparableJob {
  private titleForm?: string;
  readonly current: boolean;

  constructor(job: CandidateJob) {
    super(job, companyKeyOf);
    this.current = job.current === true;
  }

  get title(): string {
    return (this.titleForm ??= this.raw.title ? foldOf(this.raw.title) : '');
  }
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
    if (this.birthForm === undefined) this.birthForm = birthOf(this.c.birth_date, this.c.birth_year);
    return this.birthForm;
  }

  get locations(): ComparableLocation[] {
    return (this.locationForms ??= this.c.locations.map((l) => {
      const country = l.country_code ? l.country_code.toLowerCase() : '';
      return {
        postal: l.postal_code ? postalKey(l.postal_code, country || null) : null,
        city: l.city ? cityKeyOf(l.city) : '',
        state: l.state_code ? l.state_code.toLowerCase() : '',
        country,
        current: l.current === true,
      };
    }));
  }

  get jobs(): ComparableJob[] {
    return (this.jobForms ??= this.c.jobs.map((j) => new LazyJob(j)));
  }

  get schools(): ComparableOrg[] {
    return (this.schoolForms ??= this.c.schools.map((s) => new LazyOrg(s, schoolKeyOf)));
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
