import { createHash } from 'node:crypto';
import { isValidPhoneNumber, parsePhoneNumber } from 'libphonenumber-js';
import { isValidPhoneNumber as isValidMax } from 'libphonenumber-js/max';
import { normalizeEmail } from '@app/normalize';
import { monthsBetween, parseDay, yearsBetween } from './dates';
import { DEFAULT_BUILD_VERSION } from './index';
import { AS_OF, countryName, expectAll, places, SAMPLES, SIZE_BOUNDS } from './testing/sample';

// Both samples, dense and sparse: the fields of a record agree with each other and with its companies.
describe.each(SAMPLES)('generated sample (%s)', (_, sample, sampleCompanies) => {
  const companyById = new Map(sampleCompanies.map((c) => [c.svc_id, c]));

  it('keeps the current job and the flat job fields in agreement', () => {
    expectAll(sample, (p) => {
      const current = p.experience.filter((e) => e.current);
      if (p.job_title === null) return current.length === 0 ? null : 'a current job without job_title';
      if (current.length !== 1 || current[0] !== p.experience[0])
        return 'expected exactly one current job, listed first';
      const e = current[0];
      const o = e.organization;
      if (o === null) return 'current job without organization';
      const pairs: [string, unknown, unknown][] = [
        ['job_title', e.title?.cleaned ?? null, p.job_title],
        ['company_name', o.name.cleaned, p.company_name],
        ['company_domain', o.website, p.company_domain],
        ['company_industry', o.industry, p.company_industry],
        ['company_size', o.size, p.company_size],
        ['company_svc_id', o.svc_id, p.company_svc_id],
        ['company_netx_url', o.netx_url, p.company_netx_url],
        ['company_netx_id', o.netx_id, p.company_netx_id],
        ['seniority_level', e.seniority_level, p.seniority_level],
        ['job_function', e.job_function, p.job_function],
        ['expense_category', e.expense_category, p.expense_category],
        ['is_decision_maker', e.is_decision_maker, p.is_decision_maker],
        ['is_platform_worker', e.is_platform_worker, p.is_platform_worker],
      ];
      return pairs.filter(([, a, b]) => a !== b).map(([k, a, b]) => `${k}: ${String(a)} != ${String(b)}`);
    });
  });

  it('points company fields and every employer at generated companies that agree', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      for (const e of p.experience) {
        const o = e.organization;
        if (o === null || o.svc_id === null) {
          bad.push('experience without a linked organization');
          continue;
        }
        const c = companyById.get(o.svc_id);
        if (!c) {
          bad.push(`unknown company ${o.svc_id}`);
          continue;
        }
        // What the organization states agrees with the company record; what the company
        // record lacks, the organization lacks too.
        const pairs: [string, unknown, unknown][] = [
          ['name', o.name.cleaned, c.name?.cleaned ?? null],
          ['website', o.website, c.domain],
          ['netx_url', o.netx_url, c.netx_url],
          ['netx_id', o.netx_id, c.netx_id],
        ];
        for (const [k, a, b] of pairs)
          if (a !== null && a !== b) bad.push(`${k} disagrees with company ${c.svc_id}`);
          else if (a !== null && b === null) bad.push(`${k} unknown to company ${c.svc_id}`);
        if (o.industry !== c.industry || o.size !== c.size)
          bad.push(`industry or size disagrees with company ${c.svc_id}`);
        if (e.current && (o.website !== c.domain || o.netx_url !== c.netx_url || o.netx_id !== c.netx_id))
          bad.push('the current employer is restated whole');
      }
      return bad;
    });
  });

  it('uses the current employer domain for work_email and lists it as a current professional email', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      const currentWork = p.emails.filter((e) => e.type === 'professional' && e.current);
      if (p.work_email === null) {
        if (currentWork.length > 0) bad.push('a current professional email without work_email');
        return bad;
      }
      if (!p.work_email.endsWith(`@${p.company_domain}`))
        bad.push(`${p.work_email} not at ${p.company_domain}`);
      if (currentWork.length !== 1 || currentWork[0].address !== p.work_email)
        bad.push('work_email is not the one current professional email');
      return bad;
    });
  });

  it('hashes each email as Node crypto does over the normalized address', () => {
    const digest = (a: string, s: string) => createHash(a).update(s, 'utf8').digest('hex');
    expectAll(sample, (p) =>
      p.emails
        .filter((e) => {
          const n = normalizeEmail(e.address);
          return (
            e.hash_sha256 !== digest('sha256', n) ||
            e.hash_sha1 !== digest('sha1', n) ||
            e.hash_md5 !== digest('md5', n)
          );
        })
        .map((e) => `bad hashes for ${e.address}`),
    );
  });

  it('produces valid E.164 phone numbers in the country of residence', () => {
    expectAll(sample, (p) => {
      const bad = p.phones
        .filter((ph) => !isValidPhoneNumber(ph.number) || !isValidMax(ph.number))
        .map((ph) => `invalid ${ph.number}`);
      const currentMobiles = p.phones.filter((ph) => ph.current && ph.type === 'mobile');
      if (p.mobile_phone === null) {
        if (currentMobiles.length > 0) bad.push('a current mobile without mobile_phone');
        return bad;
      }
      if (!currentMobiles.some((ph) => ph.number === p.mobile_phone)) bad.push('mobile_phone not listed');
      const country = parsePhoneNumber(p.mobile_phone).country;
      if (p.country_code !== null && country !== p.country_code)
        bad.push(`${p.mobile_phone} is ${country}, lives in ${p.country_code}`);
      return bad;
    });
  });

  it('keeps city, state, state_code, country and country_code in agreement', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      const rows = [
        { ...p, where: 'record' },
        ...p.locations.map((l, k) => ({ ...l, where: `locations[${k}]` })),
      ];
      for (const r of rows) {
        // A place narrows down: a city needs its region, a region its country.
        if ((r.city !== null && r.state === null) || (r.state !== null && r.country === null))
          bad.push(`${r.where}: ${r.city ?? r.state} without what contains it`);
        if (
          (r.state === null) !== (r.state_code === null) ||
          (r.country === null) !== (r.country_code === null)
        )
          bad.push(`${r.where}: a name without its code`);
        if (r.country_code === null) continue;
        if (countryName.get(r.country_code) !== r.country)
          bad.push(`${r.where}: ${r.country_code} is not ${r.country}`);
        if (r.state === null) continue;
        const place = places.get(`${r.country_code}|${r.state}`);
        if (!place) bad.push(`${r.where}: unknown region ${r.country_code}/${r.state}`);
        else {
          if (place.stateCode !== r.state_code)
            bad.push(`${r.where}: ${r.state} is ${place.stateCode}, not ${r.state_code}`);
          if (r.city !== null && !place.cities.has(r.city))
            bad.push(`${r.where}: ${r.city} is not in ${r.state}`);
        }
        if (!r.state_code!.startsWith(`${r.country_code}-`))
          bad.push(`${r.where}: ${r.state_code} outside ${r.country_code}`);
      }
      const current = p.locations.filter((l) => l.current);
      if (p.country === null) {
        if (current.length > 0) bad.push('a current location without country');
        if (p.current_location_last_confirmed !== null || p.current_location_last_updated !== null)
          bad.push('location dates without a location');
      } else if (
        current.length !== 1 ||
        current[0].city !== p.city ||
        current[0].state_code !== p.state_code ||
        current[0].country_code !== p.country_code
      )
        bad.push('current location differs from flat fields');
      return bad;
    });
  });

  it('keeps workforce figures consistent: size follows headcount, growth follows hires minus attrition', () => {
    expectAll(sampleCompanies, (c) => {
      const bad: string[] = [];
      if (c.size !== null && c.svc_employee_count !== null) {
        const [lo, hi] = SIZE_BOUNDS[c.size];
        if (c.svc_employee_count < lo || c.svc_employee_count > hi)
          bad.push(`${c.svc_employee_count} employees is not ${c.size}`);
      }
      const flows = [
        c.svc_employee_growth_rate,
        c.svc_new_hire_count,
        c.svc_attrition_count,
        c.svc_turnover_rate,
      ];
      if (flows.some((f) => f === null)) {
        if (flows.some((f) => f !== null)) bad.push('some workforce flows without the others');
        return bad;
      }
      if (c.svc_employee_count === null) return 'workforce flows without svc_employee_count';
      for (const p of ['1m', '3m', '6m', '12m'] as const) {
        const net = c.svc_new_hire_count![p]! - c.svc_attrition_count![p]!;
        const start = c.svc_employee_count - net;
        if (start <= 0 || Math.abs(net / start - c.svc_employee_growth_rate![p]!) > 1e-3)
          bad.push(`${p}: growth ${c.svc_employee_growth_rate![p]} vs ${net}/${start}`);
      }
      return bad;
    });
  });

  it('derives ages, experience and tenures from the dates, counted from the build date', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      const birth = p.birth_date === null ? null : parseDay(p.birth_date);
      if (birth !== null) {
        if (yearsBetween(birth, AS_OF) !== p.age) bad.push(`age ${p.age} for ${p.birth_date}`);
        if (p.age! < 18 || p.age! > 75) bad.push(`working age ${p.age}`);
      }
      const starts = p.experience.flatMap((e) => (e.start_date === null ? [] : [parseDay(e.start_date)]));
      if (starts.length === 0) {
        if (p.years_of_experience !== null) bad.push('years_of_experience without a start date');
      } else {
        if (yearsBetween(Math.min(...starts), AS_OF) !== p.years_of_experience)
          bad.push(`years_of_experience ${p.years_of_experience}`);
        if (birth !== null && Math.min(...starts) < birth + 16 * 365) bad.push('worked before 16');
      }
      const tenures = p.experience.flatMap((e) => (e.tenure_months === null ? [] : [e.tenure_months]));
      if (tenures.length === 0) {
        if (p.avg_tenure_months !== null) bad.push('avg_tenure_months without tenures');
      } else {
        const mean = tenures.reduce((s, t) => s + t, 0) / tenures.length;
        if (p.avg_tenure_months === null || Math.abs(mean - p.avg_tenure_months) > 0.051)
          bad.push(`avg_tenure_months ${p.avg_tenure_months} vs ${mean}`);
      }
      p.experience.forEach((e, k) => {
        const end = e.current ? AS_OF : e.end_date === null ? null : parseDay(e.end_date);
        const expected =
          e.start_date === null || end === null ? null : monthsBetween(parseDay(e.start_date), end);
        if (expected !== e.tenure_months) bad.push(`experience[${k}].tenure_months`);
        if (e.current && e.end_date !== null) bad.push(`experience[${k}]: a current job with an end`);
        const next = p.experience[k + 1];
        if (next && next.end_date !== null && e.start_date !== null && next.end_date > e.start_date)
          bad.push(`experience[${k + 1}] overlaps the job after it`);
      });
      for (const d of [p.last_seen, p.current_jobs_last_confirmed, p.current_location_last_confirmed])
        if (d !== null && parseDay(d) > AS_OF) bad.push(`${d} after the build date`);
      if ((p.current_jobs_last_updated ?? '') > (p.current_jobs_last_confirmed ?? '\uffff'))
        bad.push('jobs updated after confirmed');
      if ((p.current_location_last_updated ?? '') > (p.current_location_last_confirmed ?? '\uffff'))
        bad.push('location updated after confirmed');
      if (p.build_version !== DEFAULT_BUILD_VERSION) bad.push(p.build_version);
      return bad;
    });
  });
});
