/**
 * m and u probabilities of every person comparison level (see fellegi-sunter.ts). The m values
 * of a comparison sum to 1. They were set from how the data behaves (how often a true match's
 * record still holds the email, city or employer given) and then checked against the matching
 * benchmark (bench/matching); docs/enrichment.md lists the resulting weights in bits.
 *
 * `tf` marks levels whose u is replaced by the value's frequency in the build, so "smith"
 * agreeing counts for less than "okonkwo vale" (term-frequency adjustment); the u written
 * here is the fallback when no count is available.
 *
 * Current employers and locations weigh more than past ones: the m of an agreement on the
 * current value is large, on a past value small, and past values agree by chance about as
 * often as current ones, so a past city or employer is term-frequency adjusted like a current
 * one (its u is the value's share of people, counted on current values): a former employer of
 * 3,000 people must not outweigh the current one, as a fixed u made it do.
 */
import type { Level } from '../fellegi-sunter';
import type { FrequencyColumn } from './candidate';

export interface WeightedLevel extends Level {
  tf?: FrequencyColumn;
  /** An agreement on a past value (a former city or employer), weighed by the value's frequency too. */
  past?: true;
}

const L = (m: number, u: number, tf?: FrequencyColumn): WeightedLevel => (tf ? { m, u, tf } : { m, u });
const PAST = (m: number, u: number, tf: FrequencyColumn): WeightedLevel => ({ m, u, tf, past: true });

// An email or phone that another person holds is rare but real (shared family numbers,
// reassigned addresses); a given identifier that the record lacks is weak evidence against,
// because clients often hold addresses our sources never saw.
const EMAIL = { agree: L(0.6, 1e-9), agree_past: L(0.1, 1e-9), disagree: L(0.3, 1) };

export const PERSON_WEIGHTS = {
  email: EMAIL,
  email_hash: EMAIL,
  phone: { agree: L(0.6, 1e-8), agree_past: L(0.1, 1e-8), disagree: L(0.3, 1) },
  social_url: { agree: L(0.65, 1e-9), agree_past: L(0.05, 1e-9), disagree: L(0.3, 1) },
  netx_id: { agree: L(0.9, 1e-10), disagree: L(0.1, 1) },
  svc_id: { agree: L(1 - 1e-6, 1e-12), disagree: L(1e-6, 1) },

  first_name: {
    exact: L(0.89, 0.01, 'first_name'),
    nickname: L(0.05, 0.002),
    close: L(0.045, 0.004),
    disagree: L(0.015, 0.984),
  },
  // When one side is only an initial, agreeing on it is the best a true match can do.
  first_initial: { agree: L(0.97, 0.07), disagree: L(0.03, 0.93) },
  last_name: { exact: L(0.92, 0.001, 'last_name'), close: L(0.05, 0.001), disagree: L(0.03, 0.998) },
  // A surname of several words on either side ("garcia lopez", "van beethoven"): people who have
  // one often go by one of its words, so `part` (one side's words all among the other's:
  // "garcia" of "garcia lopez", "beethoven" of "van beethoven") is likely for a true match,
  // weighed by how common the shared part is; a short-form namesake still wins on equal context,
  // by ~1.4 bits, so such a query is answered below `high` (bench/matching, 1M).
  double_surname: {
    exact: L(0.6, 0.001, 'last_name'),
    part: L(0.35, 0.001, 'last_name'),
    close: L(0.03, 0.001),
    disagree: L(0.02, 0.998),
  },
  middle_name: { exact: L(0.7, 0.03), initial: L(0.2, 0.07), disagree: L(0.1, 0.9) },
  // The name agreed only read in another order (query.ts). m: how often a true match's request
  // has its names swapped or family name first (CRM exports swap the columns often, and the
  // family-first order is usual in much of the world); u: an accidental agreement is as likely in
  // either order, and the name levels already count it. So a reordered reading costs ~2.3 bits
  // against the order given: enough that a namesake in the order given wins on equal context,
  // little enough that a swapped common name with its city is still found (bench/matching).
  // `given` is never an outcome: the order as sent is the baseline every other comparison assumes.
  name_order: { given: L(0.6, 1), swapped: L(0.2, 1), family_first: L(0.2, 1) },

  // One location comparison, at the most specific level the input gives (postal code, city,
  // state, country): city, state and country are not independent, so they are not summed.
  location_postal: {
    exact_current: L(0.6, 1e-4),
    exact_past: L(0.1, 1e-4),
    city: L(0.15, 0.004),
    region: L(0.07, 0.05),
    disagree: L(0.08, 0.946),
  },
  location_city: {
    exact_current: L(0.8, 0.004, 'city'),
    exact_past: PAST(0.1, 0.002, 'city'),
    region: L(0.06, 0.04),
    disagree: L(0.04, 0.954),
  },
  location_state: { exact_current: L(0.88, 0.05), exact_past: L(0.06, 0.04), disagree: L(0.06, 0.91) },
  location_country: { exact_current: L(0.94, 0.3), exact_past: L(0.03, 0.02), disagree: L(0.03, 0.68) },

  company: {
    current: L(0.7, 0.001, 'company_domain'),
    past: PAST(0.15, 0.004, 'company_domain'),
    disagree: L(0.15, 0.995),
  },
  school: { agree: L(0.7, 0.01), disagree: L(0.3, 0.99) },
  job_title: {
    exact_current: L(0.55, 0.003),
    close_current: L(0.2, 0.02),
    past: L(0.1, 0.01),
    disagree: L(0.15, 0.967),
  },

  // Birth dates, by the precision the input gives.
  birth_day: {
    exact: L(0.9, 1 / 18000),
    month: L(0.03, 1 / 600),
    year: L(0.02, 1 / 50),
    disagree: L(0.05, 0.98),
  },
  birth_month: { exact: L(0.92, 1 / 600), year: L(0.03, 1 / 50), disagree: L(0.05, 0.98) },
  birth_year: { exact: L(0.85, 1 / 50), near: L(0.1, 2 / 50), disagree: L(0.05, 0.94) },
} as const satisfies Record<string, Record<string, WeightedLevel>>;

export type PersonComparison = keyof typeof PERSON_WEIGHTS;
export type PersonLevel<C extends PersonComparison> = keyof (typeof PERSON_WEIGHTS)[C] & string;
