/**
 * The scoring slice of a person (PersonCandidate without the name columns) as Postgres stores it
 * with every record (`person_records.match_slice`, a generated column), so a candidate costs a
 * small column read instead of decompressing its ~9 KB record. Text is what `jsonb ->>` gives,
 * '' for NULL; `current` is true only for JSON true.
 */
import type { PersonCandidate } from './candidate';

export interface StoredSlice {
  middle_name: string;
  birth_date: string;
  /** [city, state_code, country_code, postal_code, current] */
  locations: Array<[string, string, string, string, boolean]>;
  /** [organization name, website, netx_url, title, current] */
  jobs: Array<[string, string, string, string, boolean]>;
  /** [organization name, website, netx_url] */
  schools: Array<[string, string, string]>;
}

/**
 * A candidate from its stored slice; names (and the birth year of a record without a birth
 * date) come from the person_records columns, the names already folded. Null columns become ''.
 */
export function candidateOfSlice(
  svcId: string,
  firstName: string | null,
  lastName: string | null,
  slice: StoredSlice,
  birthYear: number | null = null,
): PersonCandidate {
  return {
    svc_id: svcId,
    first_name: firstName ?? '',
    last_name: lastName ?? '',
    middle_name: slice.middle_name,
    birth_date: slice.birth_date,
    birth_year: birthYear,
    locations: slice.locations.map(([city, state_code, country_code, postal_code, current]) => ({
      city,
      state_code,
      country_code,
      postal_code,
      current,
    })),
    jobs: slice.jobs.map(([name, domain, netx_url, title, current]) => ({
      name,
      domain,
      netx_url,
      title,
      current,
    })),
    schools: slice.schools.map(([name, domain, netx_url]) => ({ name, domain, netx_url })),
  };
}
