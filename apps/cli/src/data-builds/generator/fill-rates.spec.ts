import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompanyRecord, type PersonExperience, type PersonRecord } from '@app/contracts';
import { COMPANY_FILL_RATES, type FillRate, PERSON_FILL_RATES } from './fill-rates';
import { generateCompanies } from './index';
import { companies, densePeople, people, SEED } from './testing/sample';

/**
 * Fill-rate measurement: for each row of fill-rates.ts, [eligible, kept] counts from a sparse
 * record and its dense original. Every row must have one, so a rate cannot go unmeasured.
 */
type Tally = [eligible: number, kept: number];
const one = (eligible: boolean, kept: boolean): Tally => (eligible ? [1, kept ? 1 : 0] : [0, 0]);

/** Sparse experience entries beside the dense entries they came from (a subsequence, in order). */
function alignJobs(s: PersonRecord, d: PersonRecord): [PersonExperience, PersonExperience][] {
  const out: [PersonExperience, PersonExperience][] = [];
  let k = 0;
  for (const e of s.experience) {
    while (
      k < d.experience.length &&
      !(
        d.experience[k].current === e.current &&
        d.experience[k].organization?.svc_id === e.organization?.svc_id &&
        (e.start_date === null || e.start_date === d.experience[k].start_date)
      )
    )
      k++;
    if (k < d.experience.length) out.push([e, d.experience[k++]]);
  }
  return out;
}

const sparseCompanyById = new Map(companies.map((c) => [c.svc_id, c]));
const companyOf = (e: PersonExperience) => sparseCompanyById.get(e.organization?.svc_id ?? '');
const others = (p: { socials: { network: string }[] }) =>
  p.socials.filter((x) => x.network !== 'netx').length;

const PERSON_MEASURES: Record<keyof typeof PERSON_FILL_RATES, (s: PersonRecord, d: PersonRecord) => Tally> = {
  middle_name: (s, d) => one(d.middle_name !== null, s.middle_name !== null),
  prefix: (s, d) => one(d.prefix !== null, s.prefix !== null),
  suffix: (s, d) => one(d.suffix !== null, s.suffix !== null),
  sex: (s) => one(true, s.sex !== null),
  birth_date: (s) => one(true, s.birth_date !== null),
  netx_url: (s) => one(true, s.netx_url !== null),
  netx_id: (s) => one(s.netx_url !== null, s.netx_id !== null),
  netx_counts: (s) => one(s.netx_url !== null, s.netx_followers !== null),
  country: (s) => one(true, s.country !== null),
  state: (s) => one(s.country !== null, s.state !== null),
  city: (s) => one(s.state !== null, s.city !== null),
  street_address: (s) => one(s.city !== null, s.locations[0]?.street_address != null),
  postal_code: (s) => one(s.city !== null, s.locations[0]?.postal_code != null),
  geo: (s) => one(s.city !== null, s.locations[0]?.geo != null),
  past_location: (s, d) => [d.locations.length - 1, s.locations.filter((l) => !l.current).length],
  current_job: (s) => one(true, s.job_title !== null),
  job_classification: (s) => one(s.job_title !== null, s.seniority_level !== null),
  work_email: (s) => one(s.job_title !== null && s.company_domain !== null, s.work_email !== null),
  personal_emails: (s) =>
    one(
      true,
      s.emails.some((e) => e.type === 'personal'),
    ),
  old_work_email: (s, d) => {
    const old = (p: PersonRecord) => p.emails.some((e) => e.type === 'professional' && !e.current);
    return one(old(d), old(s));
  },
  mobile_phone: (s) => one(true, s.mobile_phone !== null),
  other_phone: (s, d) => [
    d.phones.slice(1).filter((ph) => s.mobile_phone !== null || !(ph.type === 'mobile' && ph.current)).length,
    s.phones.length - (s.mobile_phone === null ? 0 : 1),
  ],
  past_job: (s, d) => [d.experience.length - 1, s.experience.filter((e) => !e.current).length],
  past_job_title: (s) => {
    const past = s.experience.filter((e) => !e.current);
    return [past.length, past.filter((e) => e.title !== null).length];
  },
  job_start_date: (s) => [s.experience.length, s.experience.filter((e) => e.start_date !== null).length],
  job_end_date: (s) => {
    const past = s.experience.filter((e) => !e.current);
    return [past.length, past.filter((e) => e.end_date !== null).length];
  },
  job_description: (s, d) => {
    const described = alignJobs(s, d).filter(([, de]) => de.description !== null);
    return [described.length, described.filter(([e]) => e.description !== null).length];
  },
  past_org_website: (s) => {
    const eligible = s.experience.filter((e) => !e.current && companyOf(e)?.domain != null);
    return [eligible.length, eligible.filter((e) => e.organization?.website != null).length];
  },
  past_org_netx: (s) => {
    const eligible = s.experience.filter((e) => !e.current && companyOf(e)?.netx_url != null);
    return [eligible.length, eligible.filter((e) => e.organization?.netx_url != null).length];
  },
  headline: (s) =>
    one(s.job_title !== null || s.experience.some((e) => e.title !== null), s.headline !== null),
  summary: (s) => one(true, s.summary !== null),
  skills: (s) => one(true, s.skills.length > 0),
  languages: (s) => one(true, s.languages.length > 0),
  education: (s) => one(true, s.education.length > 0),
  education_degree: (s) => [s.education.length, s.education.filter((e) => e.degree !== null).length],
  education_field: (s, d) => {
    const k = s.education.map((_, i) => i).filter((i) => d.education[i].field_of_study !== null);
    return [k.length, k.filter((i) => s.education[i].field_of_study !== null).length];
  },
  education_start: (s) => [s.education.length, s.education.filter((e) => e.start_date !== null).length],
  education_end: (s) => [s.education.length, s.education.filter((e) => e.end_date !== null).length],
  education_links: (s) => [
    s.education.length,
    s.education.filter((e) => e.organization?.website != null).length,
  ],
  certifications: (s) => one(true, s.certifications.length > 0),
  credential_id: (s) => [
    s.certifications.length,
    s.certifications.filter((c) => c.credential_id !== null).length,
  ],
  certification_expiry: (s) => [
    s.certifications.length,
    s.certifications.filter((c) => c.expiration_date !== null).length,
  ],
  other_social: (s, d) => [others(d), others(s)],
};

const COMPANY_MEASURES: Record<
  keyof typeof COMPANY_FILL_RATES,
  (s: CompanyRecord, d: CompanyRecord) => Tally
> = {
  domain: (s) => one(true, s.domain !== null),
  alt_domains: (s, d) => one(s.domain !== null && d.alt_domains.length > 0, s.alt_domains.length > 0),
  industry: (s) => one(true, s.industry !== null),
  type: (s) => one(true, s.type !== null),
  size: (s) => one(true, s.size !== null),
  founded: (s) => one(true, s.founded !== null),
  headline: (s) => one(true, s.headline !== null),
  description: (s) => one(true, s.description !== null),
  netx_url: (s) => one(true, s.netx_url !== null),
  netx_id: (s) => one(s.netx_url !== null, s.netx_id !== null),
  netx_counts: (s) => one(s.netx_url !== null, s.netx_followers !== null),
  svc_employee_count: (s) => one(true, s.svc_employee_count !== null),
  svc_average_tenure: (s) => one(s.svc_employee_count !== null, s.svc_average_tenure !== null),
  workforce_flows: (s) => one(s.svc_employee_count !== null, s.svc_employee_growth_rate !== null),
  tickers: (s, d) => one(d.tickers.length > 0, s.tickers.length > 0),
  other_social: (s, d) => [others(d), others(s)],
};

function measure<R>(
  rates: Record<string, FillRate>,
  measures: Record<string, (s: R, d: R) => Tally>,
  sparse: readonly R[],
  dense: readonly R[],
): string[] {
  const bad: string[] = [];
  expect(Object.keys(measures).sort()).toEqual(Object.keys(rates).sort());
  for (const [key, { rate }] of Object.entries(rates)) {
    let eligible = 0;
    let kept = 0;
    sparse.forEach((s, i) => {
      const [e, k] = measures[key](s, dense[i]);
      eligible += e;
      kept += k;
    });
    // Four standard deviations of a binomial share, and at least two points.
    const tolerance = Math.max(0.02, 4 * Math.sqrt((rate * (1 - rate)) / Math.max(1, eligible)));
    if (eligible < 30) bad.push(`${key}: only ${eligible} eligible`);
    else if (Math.abs(kept / eligible - rate) > tolerance)
      bad.push(
        `${key}: ${(kept / eligible).toFixed(3)} of ${eligible}, documented ${rate} ± ${tolerance.toFixed(3)}`,
      );
  }
  return bad;
}

describe('fill rates (fill-rates.ts, docs/data-generator.md)', () => {
  it('person fields are kept at their documented rates', () => {
    expect(measure(PERSON_FILL_RATES, PERSON_MEASURES, people, densePeople)).toEqual([]);
  });

  it('company fields are kept at their documented rates', () => {
    const n = 4000;
    const sparse = generateCompanies(SEED, n);
    const dense = generateCompanies(SEED, n, undefined, true);
    expect(measure(COMPANY_FILL_RATES, COMPANY_MEASURES, sparse, dense)).toEqual([]);
  });

  it('docs/data-generator.md lists every rate of the table in code', () => {
    const doc = readFileSync(
      join(__dirname, '..', '..', '..', '..', '..', 'docs', 'data-generator.md'),
      'utf8',
    );
    const person = doc.indexOf('### Person fill rates');
    const company = doc.indexOf('### Company fill rates');
    expect(person).toBeGreaterThan(0);
    expect(company).toBeGreaterThan(person);
    // Rows read `| \`key\` | 55 % | …`, however a formatter pads the columns.
    const missing = (section: string, rates: Record<string, FillRate>) =>
      Object.entries(rates)
        .map(
          ([key, { rate }]) =>
            [key, new RegExp(`^\\| \`${key}\` +\\| ${Math.round(rate * 100)} % +\\|`, 'm')] as const,
        )
        .filter(([, row]) => !row.test(section))
        .map(([key]) => key);
    expect(missing(doc.slice(person, company), PERSON_FILL_RATES)).toEqual([]);
    expect(missing(doc.slice(company, doc.indexOf('\n## ', company)), COMPANY_FILL_RATES)).toEqual([]);
  });
});
