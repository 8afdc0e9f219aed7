import { CATALOG, columnNames, TABLE_OF } from './catalog';
import { closest } from './suggest';

const JOB_FUNCTIONS = CATALOG.person.get('job_function')!.values!;

describe('closest', () => {
  // Today's answers for typical typos: the validator's "did you mean" texts are built from them.
  it.each<[string, readonly string[], number, string[]]>([
    ['citty', ['city', 'state', 'country'], 3, ['city']],
    ['nmae', columnNames('person'), 3, ['company_name', 'first_name', 'full_name']],
    ['fullname', columnNames('person'), 3, ['full_name']],
    ['full_nmae', columnNames('person'), 3, ['full_name']],
    ['FULL_NAME', columnNames('person'), 3, ['full_name']],
    ['skill', columnNames('person'), 3, ['skills']],
    ['company', columnNames('person'), 3, ['company_domain', 'company_industry', 'company_name']],
    ['contry', columnNames('person'), 3, ['country', 'country_code']],
    ['job_titel', columnNames('person'), 3, ['job_title']],
    ['birthyear', columnNames('person'), 3, ['birth_year']],
    ['zzzz', columnNames('person'), 3, []],
    ['employees', columnNames('person'), 3, []],
    [
      'employee',
      columnNames('company'),
      3,
      ['netx_employee_count', 'svc_employee_count', 'svc_employee_growth_rate_12m'],
    ],
    ['industy', columnNames('company'), 3, ['industry']],
    ['domian', columnNames('company'), 3, ['domain', 'alt_domain']],
    ['tickr', columnNames('company'), 3, ['ticker', 'ticker_symbol']],
    ['nme', columnNames('company'), 3, ['name_cleaned', 'name_display']],
    ['peple', Object.values(TABLE_OF), 1, ['people']],
    ['compnies', Object.values(TABLE_OF), 1, ['companies']],
    ['persons', Object.values(TABLE_OF), 1, []],
    ['engneering', JOB_FUNCTIONS, 1, ['engineering']],
    ['Sales', JOB_FUNCTIONS, 1, ['sales']],
    ['marketting', JOB_FUNCTIONS, 1, ['marketing']],
    ['opertions', JOB_FUNCTIONS, 1, ['operations']],
    ['xyz', JOB_FUNCTIONS, 1, []],
  ])('%s among %j, at most %i', (input, candidates, max, expected) => {
    expect(closest(input, candidates, max)).toEqual(expected);
  });

  it('answers a 10,000-character token with nothing', () => {
    expect(closest('a'.repeat(10_000), columnNames('person'))).toEqual([]);
  });
});
