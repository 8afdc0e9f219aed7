import {
  COMPANY_REPORT_GROUP_VALUES,
  COMPANY_SIZE_VALUES,
  COMPANY_TYPE_VALUES,
  CONFIDENCE_VALUES,
  DEGREE_LEVEL_VALUES,
  EMAIL_TYPE_VALUES,
  EXPENSE_CATEGORY_VALUES,
  ISSUE_LEVEL_VALUES,
  ISSUE_TYPE_VALUES,
  JOB_FUNCTION_VALUES,
  PERSON_REPORT_GROUP_VALUES,
  SENIORITY_LEVEL_VALUES,
  SEX_VALUES,
  WORKFORCE_PERIOD_VALUES,
  isOneOf,
} from './enums';

// Transcribed from SPEC.md by hand, in SPEC.md order, so a drift in either is visible here.
const SPEC_LISTS: [string, readonly string[], string][] = [
  ['sex', SEX_VALUES, 'male female'],
  ['company_size', COMPANY_SIZE_VALUES, '1-10 11-50 51-200 201-500 501-1000 1001-5000 5001-10000 10001+'],
  [
    'seniority_level',
    SENIORITY_LEVEL_VALUES,
    'c_level owner partner vp director manager senior junior training intern',
  ],
  [
    'job_function',
    JOB_FUNCTION_VALUES,
    'engineering information_technology product design sales marketing operations finance hr legal ' +
      'customer_success data executive social_services healthcare education trades transportation service other',
  ],
  [
    'expense_category',
    EXPENSE_CATEGORY_VALUES,
    'general_and_administrative research_and_development sales_and_marketing cost_of_services not_applicable',
  ],
  ['highest_degree_level', DEGREE_LEVEL_VALUES, 'doctorate masters bachelors associates high_school'],
  ['company type', COMPANY_TYPE_VALUES, 'private public nonprofit government_agency educational'],
  ['confidence', CONFIDENCE_VALUES, 'high moderate low'],
  ['email type', EMAIL_TYPE_VALUES, 'professional personal'],
  [
    'issue_type',
    ISSUE_TYPE_VALUES,
    'incorrect outdated misattributed frankenstein not_a_real_person duplicate',
  ],
  ['issue_level', ISSUE_LEVEL_VALUES, 'record group field'],
  [
    'person report groups',
    PERSON_REPORT_GROUP_VALUES,
    'identity experience education emails phones locations socials skills languages certifications',
  ],
  ['company report groups', COMPANY_REPORT_GROUP_VALUES, 'firmographics domains socials tickers metrics'],
  ['workforce periods', WORKFORCE_PERIOD_VALUES, '1m 3m 6m 12m'],
];

describe('enum value lists', () => {
  it.each(SPEC_LISTS)('%s matches SPEC.md exactly, in order', (_name, values, spec) => {
    expect([...values]).toEqual(spec.split(' '));
  });
});

describe('isOneOf', () => {
  it('accepts members only', () => {
    expect(isOneOf(SEX_VALUES, 'female')).toBe(true);
    expect(isOneOf(SEX_VALUES, 'Female')).toBe(false);
    expect(isOneOf(COMPANY_SIZE_VALUES, '10001+')).toBe(true);
  });

  it('rejects non-strings without throwing', () => {
    for (const x of [undefined, null, 1, {}, ['male']]) expect(isOneOf(SEX_VALUES, x)).toBe(false);
  });

  it('narrows the type', () => {
    const input: unknown = 'vp';
    if (isOneOf(SENIORITY_LEVEL_VALUES, input)) {
      const level: (typeof SENIORITY_LEVEL_VALUES)[number] = input;
      expect(level).toBe('vp');
    } else {
      throw new Error('vp is a seniority level');
    }
  });
});
