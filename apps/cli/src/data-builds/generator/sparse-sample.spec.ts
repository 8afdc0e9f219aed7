import {
  COMPANY_RECORD_FIELDS,
  DEGREE_LEVEL_VALUES,
  PERSON_CURRENT_JOB_FIELDS,
  PERSON_RECORD_FIELDS,
} from '@app/contracts';
import {
  CLASSIFICATION,
  COMPANIES,
  companies,
  densePeople,
  expectAll,
  isEmpty,
  people,
} from './testing/sample';

describe('sparse sample', () => {
  /** Scalar fields recomputed from what a sparse record keeps (the rest are the dense value or null). */
  const DERIVED = new Set(['full_name', 'years_of_experience', 'avg_tenure_months', 'highest_degree_level']);

  it('is the dense record with holes: every kept scalar is the dense value', () => {
    expectAll(people, (p, i) => {
      const d = densePeople[i] as unknown as Record<string, unknown>;
      return Object.entries(p)
        .filter(([k, v]) => v !== null && typeof v !== 'object' && !DERIVED.has(k) && v !== d[k])
        .map(([k, v]) => `${k}: ${String(v)} is not the dense ${String(d[k])}`);
    });
    expectAll(people, (p, i) => (p.svc_id === densePeople[i].svc_id ? null : 'another person'));
  });

  it('has no job fields without a current job, and no current experience entry', () => {
    expectAll(people, (p) => {
      if (p.job_title !== null) return null;
      const fields = [...PERSON_CURRENT_JOB_FIELDS, 'work_email'] as const;
      const bad: string[] = fields.filter((k) => p[k] !== null).map((k) => `${k} without a current job`);
      if (p.experience.some((e) => e.current)) bad.push('a current experience entry');
      if (p.emails.some((e) => e.type === 'professional' && e.current)) bad.push('a current work address');
      return bad;
    });
    // And the flags of a classified job come together.
    expectAll(people, (p) => {
      const known = CLASSIFICATION.filter((k) => p[k] !== null).length;
      return known === 0 || known === CLASSIFICATION.length ? null : 'a partial job classification';
    });
  });

  it('has no age or birth parts without a birth date', () => {
    expectAll(people, (p) => {
      const parts = [p.birth_year, p.birth_month, p.birth_day, p.age];
      if (p.birth_date === null)
        return parts.every((x) => x === null) ? null : 'birth parts without birth_date';
      const [y, m, d] = p.birth_date.split('-').map(Number);
      return p.birth_year === y && p.birth_month === m && p.birth_day === d ? null : 'birth parts disagree';
    });
  });

  it('keeps names whole: a middle initial only with its middle name, full_name from the parts', () => {
    expectAll(people, (p) => {
      if ((p.middle_name === null) !== (p.middle_initial === null))
        return 'middle initial without middle name';
      const full = [p.first_name, p.middle_name, p.last_name].filter((x) => x !== null).join(' ');
      return full === p.full_name ? null : `${p.full_name} is not ${full}`;
    });
  });

  it('has no netx id, counts or profile entry without netx_url', () => {
    expectAll(people, (p) => {
      const netx = p.socials.filter((s) => s.network === 'netx');
      if (p.netx_url === null)
        return p.netx_id === null &&
          p.netx_followers === null &&
          p.netx_connections === null &&
          netx.length === 0
          ? null
          : 'netx data without netx_url';
      return netx.length === 1 && netx[0].url === p.netx_url && netx[0].id === p.netx_id
        ? null
        : 'netx entry disagrees';
    });
  });

  it('has no years of experience or tenure without experience, and a highest degree from education', () => {
    expectAll(people, (p) => {
      const bad: string[] = [];
      if (p.experience.length === 0 && (p.years_of_experience !== null || p.avg_tenure_months !== null))
        bad.push('experience figures without experience');
      const levels = p.education.flatMap((e) => (e.degree_level === null ? [] : [e.degree_level]));
      const best = levels.length === 0 ? null : DEGREE_LEVEL_VALUES.find((l) => levels.includes(l))!;
      if (best !== p.highest_degree_level)
        bad.push(`highest_degree_level ${p.highest_degree_level} vs ${best}`);
      for (const e of p.experience)
        if (e.title === null && CLASSIFICATION.some((k) => e[k] !== null))
          bad.push('a classified job without a title');
      return bad;
    });
  });

  it('has companies with a name, and no dependent figures without what they depend on', () => {
    expectAll(companies, (c) => {
      const bad: string[] = [];
      if (c.name === null) bad.push('no name');
      if (c.domain === null && c.alt_domains.length > 0) bad.push('alt_domains without domain');
      if (
        c.netx_url === null &&
        (c.netx_id !== null || c.netx_followers !== null || c.netx_employee_count !== null)
      )
        bad.push('netx figures without netx_url');
      if (c.netx_url === null && c.socials.some((s) => s.network === 'netx'))
        bad.push('netx social without netx_url');
      if (
        c.svc_employee_count === null &&
        (c.svc_average_tenure !== null || c.svc_employee_growth_rate !== null)
      )
        bad.push('workforce figures without svc_employee_count');
      if (c.tickers.length > 0 && c.type !== null && c.type !== 'public')
        bad.push('a ticker on a non-public company');
      return bad;
    });
  });

  it('is sparse: many fields missing, none missing everywhere', () => {
    const share = (rows: readonly object[], k: string) =>
      rows.filter((r) => !isEmpty((r as Record<string, unknown>)[k])).length / rows.length;
    for (const k of PERSON_RECORD_FIELDS) expect([k, share(people, k) > 0]).toEqual([k, true]);
    for (const k of COMPANY_RECORD_FIELDS) expect([k, share(companies, k) > 0]).toEqual([k, true]);
    for (const k of ['work_email', 'mobile_phone', 'birth_date'] as const)
      expect([k, share(people, k) < 0.5]).toEqual([k, true]);
    expect(share(people, 'job_title')).toBeGreaterThan(0.64);
    expect(share(people, 'job_title')).toBeLessThan(0.8);
    expect(companies.filter((c) => c.tickers.length === 0).length / COMPANIES).toBeGreaterThan(0.8);
  });
});
