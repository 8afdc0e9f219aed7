import { suggestPaths } from './suggest';
import type { Entity } from '@app/contracts';

describe('suggestPaths', () => {
  // Today's answers for typical typos: the 422 "did you mean" texts are built from them.
  it.each<[Entity, string, string[]]>([
    ['person', 'skill', ['skills']],
    ['person', 'job_titel', ['job_title']],
    ['person', 'title', ['experience.title', 'job_title']],
    ['person', 'experience.titel', ['experience.title']],
    ['person', 'experience.', ['experience']],
    ['person', 'emails.adress', ['emails.address']],
    ['person', 'fullname', ['full_name']],
    ['person', 'location_country', ['locations.country']],
    [
      'person',
      'name',
      [
        'certifications.name',
        'education.organization.name',
        'experience.organization.name',
        'full_name',
        'last_name',
      ],
    ],
    [
      'person',
      'company',
      ['company_name', 'company_size', 'company_domain', 'company_svc_id', 'company_netx_id'],
    ],
    [
      'person',
      'emails[0].address',
      ['emails.address', 'locations.street_address', 'locations.address_line_2'],
    ],
    ['person', 'person.full_name', ['full_name']],
    ['person', 'person.nope', []],
    ['person', 'zzzzzz', []],
    ['company', 'tickers.ticker', ['tickers.ticker_symbol']],
    ['company', 'company.name', ['name']],
    ['company', 'domian', ['domain']],
    ['company', 'industy', ['industry']],
    ['company', 'full_name', []],
  ])('%s %s → %j', (entity, path, expected) => {
    expect(suggestPaths(entity, path)).toEqual(expected);
  });

  it('answers a 10,000-character path with nothing', () => {
    expect(suggestPaths('person', 'a'.repeat(10_000))).toEqual([]);
  });
});
