/**
 * The build the company and bulk enrichment specs share: the generated records (seed 33, 150
 * companies) and, appended to them, three null-heavy records.
 */
import type { CompanyRecord } from '@app/contracts';
import { EnrichHarness, enrichHarness } from './harness';
import { sparseCompany, sparsePerson } from './sparse-records';

// Null-heavy records appended to the generated (already sparse) build: a company known by its
// name only, one known by its domain only, and a person known by name and employer only.
export const NAME_ONLY = sparseCompany('00000000-0000-4000-8000-0000000005c1', {
  name: { cleaned: 'quillfeather analytics', raw: ['Quillfeather Analytics'], display: null },
});
export const DOMAIN_ONLY = sparseCompany('00000000-0000-4000-8000-0000000005c2', {
  domain: 'nameless-works.example',
});
export const EMPLOYEE = sparsePerson('00000000-0000-4000-8000-0000000005c3', 'orsolya vantreight', {
  first_name: 'orsolya',
  last_name: 'vantreight',
  last_initial: 'v',
  company_name: 'quillfeather analytics',
  company_svc_id: NAME_ONLY.svc_id,
  experience: [
    {
      title: null,
      seniority_level: null,
      job_function: null,
      expense_category: null,
      is_decision_maker: null,
      is_platform_worker: null,
      organization: {
        name: { cleaned: 'quillfeather analytics', raw: ['Quillfeather Analytics'] },
        website: null,
        netx_url: null,
        netx_id: null,
        svc_id: NAME_ONLY.svc_id,
        industry: null,
        size: null,
      },
      start_date: null,
      end_date: null,
      current: true,
      tenure_months: null,
      description: null,
    },
  ],
});

export function companyBuild(): Promise<EnrichHarness> {
  return enrichHarness({
    seed: 33,
    companies: 150,
    extra: { companies: [NAME_ONLY, DOMAIN_ONLY], people: [EMPLOYEE] },
  });
}

/** A generated company that satisfies `pred`. */
export function companyOf(h: EnrichHarness, pred: (c: CompanyRecord) => boolean): CompanyRecord {
  const c = h.companies.find(pred);
  if (!c) throw new Error('the generated build has no such company; change the seed');
  return c;
}
