import { type CompanyRecord, type PersonRecord } from '@app/contracts';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { shapeRecord } from './shape';

const omit = <T extends object, K extends keyof T>(o: T, ...keys: K[]): Omit<T, K> => {
  const copy = { ...o };
  for (const k of keys) delete copy[k];
  return copy;
};

type PersonCase = [
  string,
  { include_fields?: string; exclude_fields?: string },
  (p: PersonRecord) => unknown,
];

const personCases: PersonCase[] = [
  ['include one field', { include_fields: 'full_name' }, (p) => ({ full_name: p.full_name })],
  [
    'include keeps record order, not list order',
    { include_fields: 'job_title,full_name' },
    (p) => ({ full_name: p.full_name, job_title: p.job_title }),
  ],
  [
    'include ignores blanks, spaces and case',
    { include_fields: ' FULL_NAME , ,City, ' },
    (p) => ({ full_name: p.full_name, city: p.city }),
  ],
  ['empty include returns everything', { include_fields: '' }, (p) => p],
  ['include a whole sub-object', { include_fields: 'headline' }, (p) => ({ headline: p.headline })],
  [
    'include into a TextVariant',
    { include_fields: 'headline.cleaned' },
    (p) => ({ headline: { cleaned: p.headline!.cleaned } }),
  ],
  [
    'include a field of an array of objects',
    { include_fields: 'emails.address' },
    (p) => ({ emails: p.emails.map((e) => ({ address: e.address })) }),
  ],
  [
    'include two fields of one array',
    { include_fields: 'emails.address,emails.type' },
    (p) => ({ emails: p.emails.map((e) => ({ address: e.address, type: e.type })) }),
  ],
  [
    'include through an array into a nested object',
    { include_fields: 'experience.organization.name' },
    (p) => ({ experience: p.experience.map((x) => ({ organization: { name: x.organization!.name } })) }),
  ],
  [
    'include three levels deep',
    { include_fields: 'experience.organization.name.cleaned' },
    (p) => ({
      experience: p.experience.map((x) => ({
        organization: { name: { cleaned: x.organization!.name.cleaned } },
      })),
    }),
  ],
  [
    'include experience.title (TextVariant inside an array)',
    { include_fields: 'experience.title' },
    (p) => ({ experience: p.experience.map((x) => ({ title: x.title })) }),
  ],
  [
    'a whole include wins over a deeper one',
    { include_fields: 'experience.title,experience' },
    (p) => ({ experience: p.experience }),
  ],
  [
    'a whole include wins in either order',
    { include_fields: 'experience,experience.title' },
    (p) => ({ experience: p.experience }),
  ],
  [
    'include an array of TextVariants',
    { include_fields: 'skills.cleaned' },
    (p) => ({ skills: p.skills.map((s) => ({ cleaned: s.cleaned })) }),
  ],
  ['include a nullable field', { include_fields: 'suffix' }, () => ({ suffix: null })],
  ['exclude one field', { exclude_fields: 'summary' }, (p) => omit(p, 'summary')],
  [
    'exclude several fields',
    { exclude_fields: 'summary,phones,socials' },
    (p) => omit(p, 'summary', 'phones', 'socials'),
  ],
  [
    'exclude a field of an array of objects',
    { exclude_fields: 'emails.hash_sha256,emails.hash_sha1,emails.hash_md5' },
    (p) => ({ ...p, emails: p.emails.map((e) => omit(e, 'hash_sha256', 'hash_sha1', 'hash_md5')) }),
  ],
  [
    'exclude raw location strings',
    { exclude_fields: 'locations.raw' },
    (p) => ({ ...p, locations: p.locations.map((l) => omit(l, 'raw')) }),
  ],
  [
    'exclude a nested object inside an array',
    { exclude_fields: 'experience.organization' },
    (p) => ({ ...p, experience: p.experience.map((x) => omit(x, 'organization')) }),
  ],
  [
    'exclude a TextVariant part',
    { exclude_fields: 'headline.raw' },
    (p) => ({ ...p, headline: { cleaned: p.headline!.cleaned } }),
  ],
  [
    'include then exclude inside the included part',
    { include_fields: 'emails', exclude_fields: 'emails.hash_md5' },
    (p) => ({ emails: p.emails.map((e) => omit(e, 'hash_md5')) }),
  ],
  [
    'exclude a parent of an included path removes it',
    { include_fields: 'full_name,emails.address', exclude_fields: 'emails' },
    (p) => ({ full_name: p.full_name }),
  ],
  [
    'exclude outside the include is a no-op',
    { include_fields: 'full_name', exclude_fields: 'city' },
    (p) => ({ full_name: p.full_name }),
  ],
  [
    'exclude of the only included field leaves nothing',
    { include_fields: 'full_name', exclude_fields: 'full_name' },
    () => ({}),
  ],
  [
    'exclude of the only included sub-field leaves empty elements',
    { include_fields: 'emails.address', exclude_fields: 'emails.address' },
    (p) => ({ emails: p.emails.map(() => ({})) }),
  ],
  [
    'include a sub-object then exclude one of its parts',
    {
      include_fields: 'experience.organization',
      exclude_fields: 'experience.organization.netx_url,experience.organization.svc_id',
    },
    (p) => ({
      experience: p.experience.map((x) => ({ organization: omit(x.organization!, 'netx_url', 'svc_id') })),
    }),
  ],
];

describe('include_fields and exclude_fields on a person', () => {
  it.each(personCases)('%s', (_name, params, expected) => {
    expect(shapeRecord(personFixture(), 'person', params)).toEqual(expected(personFixture()));
  });
});

type CompanyCase = [
  string,
  { include_fields?: string; exclude_fields?: string },
  (c: CompanyRecord) => unknown,
];

const companyCases: CompanyCase[] = [
  [
    'include name parts',
    { include_fields: 'name.display,domain' },
    (c) => ({ name: { display: c.name!.display }, domain: c.domain }),
  ],
  [
    'include one period of a workforce metric',
    { include_fields: 'svc_employee_growth_rate.12m' },
    (c) => ({ svc_employee_growth_rate: { '12m': c.svc_employee_growth_rate!['12m'] } }),
  ],
  [
    'exclude in arrays of company sub-objects',
    { exclude_fields: 'tickers.exchange,socials' },
    (c) => ({ ...omit(c, 'socials'), tickers: c.tickers.map((t) => ({ ticker_symbol: t.ticker_symbol })) }),
  ],
  ['include a list of strings', { include_fields: 'alt_domains' }, (c) => ({ alt_domains: c.alt_domains })],
];

describe('include_fields and exclude_fields on a company', () => {
  it.each(companyCases)('%s', (_name, params, expected) => {
    expect(shapeRecord(companyFixture(), 'company', params)).toEqual(expected(companyFixture()));
  });
});

describe('records that lack fields', () => {
  it('omits included fields a search result does not carry', () => {
    const result = { svc_id: 'x', full_name: 'dana whitfield', city: 'portland' };
    expect(shapeRecord(result, 'person', { include_fields: 'full_name,emails.address' })).toEqual({
      full_name: 'dana whitfield',
    });
  });

  it('keeps a null where an object was expected', () => {
    const record = { experience: [{ title: null, organization: null }] };
    expect(
      shapeRecord(record, 'person', { include_fields: 'experience.organization.name', titlecase: true }),
    ).toEqual({
      experience: [{ organization: null }],
    });
  });
});
