import { interpret } from './interpret';
import { toSql } from './to-sql';
import { compileVocabulary, Vocabulary } from './vocabulary';

const where = (description: string, vocabulary?: Vocabulary, entity: 'person' | 'company' = 'person') => {
  const r = interpret(description, entity, { vocabulary, today: '2026-11-24' });
  return r.filters.length > 0 ? toSql(r.filters, entity).replace(/^.* WHERE /, '') : '';
};

describe("vocabulary: the served build's stored values", () => {
  it('is compiled once per object', () => {
    const v: Vocabulary = { cities: ['berlin'] };
    expect(compileVocabulary(v)).toBe(compileVocabulary(v));
    expect(compileVocabulary(compileVocabulary(v))).toBe(compileVocabulary(v));
  });

  it('works with none at all, from the curated tables', () => {
    expect(where('senior software engineers in berlin')).toBe(
      "seniority_level = 'senior' AND (job_title ILIKE '%software engineer%' OR job_title ILIKE '%software developer%' OR job_title ILIKE '%software development engineer%') AND city = 'berlin'",
    );
  });

  it('searches a city by the spelling the build stores', () => {
    expect(where('engineers in montreal', { cities: ['montréal'] })).toBe(
      "job_title ILIKE '%engineer%' AND city = 'montréal'",
    );
    expect(where('engineers in montreal')).toBe("job_title ILIKE '%engineer%' AND city = 'montréal'");
  });

  it('reads a one-word stored city only after a place word, since such names are often words', () => {
    const v = { cities: ['reading', 'bath'] };
    expect(where('engineers in reading', v)).toBe("job_title ILIKE '%engineer%' AND city = 'reading'");
    expect(where('reading engineers', v)).toBe("job_title ILIKE '%engineer%'");
  });

  it('adds stored titles, but reads seniority and "of" from their own words', () => {
    const v = { jobTitles: ['solutions architect', 'senior solutions architect', 'director of sales'] };
    expect(where('solutions architects', v)).toBe(
      "job_title ILIKE '%solutions architect%' OR job_title ILIKE '%solution architect%'",
    );
    expect(where('senior solutions architect', v)).toBe(
      "seniority_level = 'senior' AND (job_title ILIKE '%solutions architect%' OR job_title ILIKE '%solution architect%')",
    );
    expect(where('growth hackers', { jobTitles: ['growth hacker'] })).toBe(
      "job_title ILIKE '%growth hacker%'",
    );
  });

  it('keeps a stored title with "of" whole unless a job function follows "of"', () => {
    const v = {
      jobTitles: ['director of research', 'chief of staff', 'head of engineering', 'vp of sales'],
    };
    // One occupation: every holder, whatever seniority their record carries (or none).
    expect(where('directors of research', v)).toBe("job_title ILIKE '%director of research%'");
    expect(where('director of research', v)).toBe("job_title ILIKE '%director of research%'");
    expect(where('chiefs of staff in berlin', v)).toBe(
      "job_title ILIKE '%chief of staff%' AND city = 'berlin'",
    );
    // A seniority and a function, as the curated tables read them with or without the title stored.
    expect(where('head of engineering', v)).toBe(where('head of engineering'));
    expect(where('vps of sales', v)).toBe(where('vps of sales'));
    expect(where('vps of sales', v)).toContain("job_function = 'sales'");
    // Without the stored title, "of research" is read from its words as before.
    expect(where('directors of research')).not.toContain('director of research');
  });

  it("lets the build's records decide whether a seniority-initial title is that seniority + the rest", () => {
    const jobTitles = ['executive producer', 'producer', 'senior policy advisor', 'policy advisor'];
    const titleSeniority: [string, string, number][] = [
      ['executive producer', 'senior', 0.4],
      ['executive producer', 'manager', 0.3],
      ['senior policy advisor', 'senior', 0.91],
    ];
    // No holders' levels (older callers): read from the words, as before.
    expect(where('executive producers', { jobTitles })).toBe(
      "seniority_level IN ('c_level', 'vp') AND job_title ILIKE '%producer%'",
    );
    // No holder carries a level "executive" means: the stored title, whole.
    expect(where('executive producers', { jobTitles, titleSeniority })).toBe(
      "job_title ILIKE '%executive producer%'",
    );
    // Most holders are senior: senior + the rest, as before.
    expect(where('senior policy advisors', { jobTitles, titleSeniority })).toBe(
      "seniority_level = 'senior' AND job_title ILIKE '%policy advisor%'",
    );
    expect(where('senior policy advisors', { jobTitles })).toBe(
      "seniority_level = 'senior' AND job_title ILIKE '%policy advisor%'",
    );
    // A level among several a word means counts ("executive": c_level or vp).
    const split: [string, string, number][] = [
      ['executive producer', 'c_level', 0.3],
      ['executive producer', 'vp', 0.3],
    ];
    expect(where('executive producers', { jobTitles, titleSeniority: split })).toBe(
      "seniority_level IN ('c_level', 'vp') AND job_title ILIKE '%producer%'",
    );
  });

  it('reads a stored title typed in full as its plural as that title, over a curated function or industry', () => {
    const v = { jobTitles: ['caregiver', 'courier', 'sales', 'vice president'] };
    // Without the build's titles: the curated readings.
    expect(where('caregivers')).toBe("job_function = 'healthcare'");
    expect(where('couriers')).toMatch(/^company_industry IN \(/);
    expect(where('caregivers', v)).toBe("job_title ILIKE '%caregiver%'");
    expect(where('couriers', v)).toBe("job_title ILIKE '%courier%'");
    // A company noun still makes it the industry.
    expect(where('people at courier companies', v)).toMatch(/^company_industry IN \(/);
    // No plural typed: the function; a seniority: the holders' levels decide (above), not this.
    expect(where('sales', v)).toBe("job_function = 'sales'");
    expect(where('vice presidents', v)).toBe("seniority_level = 'vp'");
  });

  it("prefers a stored skill spelling among a curated alias's candidates", () => {
    expect(where('people who know excel')).toBe("skills = 'microsoft excel'");
    expect(where('people who know excel', { skills: ['excel'] })).toBe("skills = 'excel'");
  });

  it('means exactly a stored industry name, and a set for a common name', () => {
    // No industries read from the build: the whole set, in both taxonomies.
    expect(where('people in banking')).toBe(
      "company_industry IN ('banking', 'investment banking', 'savings institutions')",
    );
    expect(where('people in banking', { industries: ['banking'] })).toBe("company_industry = 'banking'");
  });

  it('corrects typos against stored words, but never company names', () => {
    const v = { skills: ['kubernetes'], companyNames: ['tessellate'] };
    expect(where('people who know kubernets', v)).toBe("skills = 'kubernetes'");
    expect(where('people at tesselate', v)).toBe('');
  });

  it('matches a company by its name, its matching key and its domain', () => {
    const v = { companyNames: ['harper & cole llp'], companyDomains: ['harpercole.com'] };
    expect(where('people at harper and cole', v)).toBe("company_name = 'harper & cole llp'");
    expect(where('people at harpercole.com', v)).toBe("company_domain = 'harpercole.com'");
  });

  it('reads a stored ticker typed in capitals only', () => {
    expect(where('NWND', { tickers: ['NWND'] }, 'company')).toBe("ticker_symbol = 'NWND'");
    expect(where('nwnd', { tickers: ['NWND'] }, 'company')).toBe('');
  });

  it('skips what is not text and stops at its size limit', () => {
    const v = { skills: [42, null, '', 'x'.repeat(300), 'rust'] as unknown as string[] };
    expect(where('rust developers', v)).toBe(
      "skills = 'rust' AND (job_title ILIKE '%developer%' OR job_title ILIKE '%programmer%')",
    );
  });
});
