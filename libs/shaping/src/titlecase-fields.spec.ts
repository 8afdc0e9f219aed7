import { type CompanyRecord, type PersonRecord, Entity } from '@app/contracts';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { findField } from './field-tree';
import { shapeRecord } from './shape';
import { TITLECASE_FIELDS } from './titlecase-fields';

const titled = <T extends object>(record: T, entity: Entity) =>
  shapeRecord(record, entity, { titlecase: true }) as unknown as T;

const personFamilies: [string, (p: PersonRecord) => unknown, unknown][] = [
  ['full name', (p) => p.full_name, 'Dana Marie Whitfield'],
  [
    'first, middle and last names',
    (p) => [p.first_name, p.middle_name, p.last_name],
    ['Dana', 'Marie', 'Whitfield'],
  ],
  ['initials', (p) => [p.middle_initial, p.last_initial], ['M', 'W']],
  ['prefix', (p) => p.prefix, 'Dr'],
  ['job title', (p) => p.job_title, 'Senior Software Engineer'],
  ['company name', (p) => p.company_name, 'Acme Analytics'],
  ['company industry', (p) => p.company_industry, 'Computer Software'],
  ['current location', (p) => [p.city, p.state, p.country], ['San Francisco', 'California', 'United States']],
  [
    'location history places',
    (p) => p.locations.map((l) => [l.city, l.state, l.country, l.continent]),
    [
      ['San Francisco', 'California', 'United States', 'North America'],
      ['Portland', 'Oregon', 'United States', 'North America'],
    ],
  ],
  [
    'street address',
    (p) => [p.locations[0].street_address, p.locations[0].address_line_2],
    ['1200 Example Street', 'Apt 4b'],
  ],
  ['headline', (p) => p.headline?.cleaned, 'Senior Software Engineer at Acme Analytics'],
  [
    'experience titles',
    (p) => p.experience.map((x) => x.title?.cleaned),
    ['Senior Software Engineer', 'Software Engineer', 'Software Engineering Intern'],
  ],
  [
    'employer names',
    (p) => p.experience.map((x) => x.organization?.name.cleaned),
    ['Acme Analytics', 'Globex Logistics', 'Initech'],
  ],
  ['employer industries', (p) => p.experience[1].organization?.industry, 'Transportation/Trucking/Railroad'],
  [
    'schools, degrees and fields of study',
    (p) =>
      p.education.map((e) => [e.organization?.name.cleaned, e.degree?.cleaned, e.field_of_study?.cleaned]),
    [
      ['Bayview University', 'Master of Science', 'Computer Science'],
      ['Cascade State College', 'Bachelor of Science', 'Mathematics'],
    ],
  ],
  [
    'certifications',
    (p) => [p.certifications[0].name.cleaned, p.certifications[0].institution?.cleaned],
    ['Certified Cloud Architect', 'Cloud Skills Institute'],
  ],
  ['skills', (p) => p.skills.map((s) => s.cleaned), ['Python', 'Distributed Systems', 'Postgresql']],
  ['languages', (p) => p.languages.map((l) => l.cleaned), ['English', 'Spanish']],
];

describe('titlecase on every person text family', () => {
  it.each(personFamilies)('%s', (_name, pick, expected) => {
    expect(pick(titled(personFixture(), 'person'))).toEqual(expected);
  });
});

const personSkipped: [string, (p: PersonRecord) => unknown][] = [
  ['ids', (p) => [p.svc_id, p.netx_id, p.company_svc_id, p.experience[0].organization?.svc_id]],
  ['URLs', (p) => [p.netx_url, p.company_netx_url, p.socials[0].url, p.education[0].organization?.netx_url]],
  ['domains and websites', (p) => [p.company_domain, p.experience[0].organization?.website]],
  [
    'emails and their hashes',
    (p) => [p.work_email, p.emails[0].address, p.emails[0].hash_sha256, p.emails[0].hash_md5],
  ],
  [
    'state, country and continent codes',
    (p) => [p.state_code, p.country_code, p.locations[0].continent_code],
  ],
  [
    'postal codes and geo',
    (p) => [p.locations[0].postal_code, p.locations[0].postal_code_4, p.locations[0].geo],
  ],
  [
    'enum codes',
    (p) => [
      p.sex,
      p.seniority_level,
      p.job_function,
      p.expense_category,
      p.company_size,
      p.highest_degree_level,
    ],
  ],
  [
    'enum codes in sub-objects',
    (p) => [p.experience[0].seniority_level, p.experience[0].organization?.size, p.emails[0].type],
  ],
  ['dates', (p) => [p.birth_date, p.last_seen, p.experience[0].start_date, p.certifications[0].issue_date]],
  ['confidence values', (p) => [p.phones[0].confidence, p.emails[1].confidence, p.socials[0].confidence]],
  ['phone numbers', (p) => [p.mobile_phone, p.phones[0].number, p.phones[0].type]],
  ['usernames and networks', (p) => [p.socials[0].username, p.socials[1].network]],
  ['build version', (p) => p.build_version],
  [
    'raw spellings',
    (p) => [p.headline?.raw, p.experience[0].title?.raw, p.locations[0].raw, p.skills[2].raw],
  ],
  ['prose', (p) => [p.summary?.cleaned, p.experience[0].description?.cleaned]],
  [
    'language proficiency and validation status',
    (p) => [p.languages[0].proficiency, p.emails[0].validation_status],
  ],
  ['credential ids', (p) => p.certifications[0].credential_id],
];

describe('titlecase leaves every other person field alone', () => {
  it.each(personSkipped)('%s', (_name, pick) => {
    expect(pick(titled(personFixture(), 'person'))).toEqual(pick(personFixture()));
  });
});

const companySkipped: [string, (c: CompanyRecord) => unknown][] = [
  ['display and raw names', (c) => [c.name?.display, c.name?.raw]],
  ['domains, ids and URLs', (c) => [c.svc_id, c.domain, c.alt_domains, c.netx_url, c.netx_id, c.socials]],
  ['enum codes and tickers', (c) => [c.type, c.size, c.tickers]],
  ['prose and metrics', (c) => [c.description, c.svc_employee_growth_rate, c.last_seen, c.build_version]],
];

describe('titlecase on a company', () => {
  it('title-cases the cleaned name, industry and headline', () => {
    const c = titled(companyFixture(), 'company');
    expect([c.name?.cleaned, c.industry, c.headline?.cleaned]).toEqual([
      'Acme Analytics',
      'Computer Software',
      'Search and Analytics for Operational Data',
    ]);
  });

  it.each(companySkipped)('leaves %s alone', (_name, pick) => {
    expect(pick(titled(companyFixture(), 'company'))).toEqual(pick(companyFixture()));
  });
});

/** Every string that differs after titlecase, as `path` with array indexes dropped. */
function changedPaths(before: unknown, after: unknown, path = '', out = new Set<string>()): Set<string> {
  if (typeof before === 'string') {
    if (before !== after) out.add(path);
  } else if (Array.isArray(before)) {
    before.forEach((v, i) => changedPaths(v, (after as unknown[])[i], path, out));
  } else if (before !== null && typeof before === 'object') {
    for (const [k, v] of Object.entries(before)) {
      changedPaths(v, (after as Record<string, unknown>)[k], path ? `${path}.${k}` : k, out);
    }
  }
  return out;
}

describe('the titlecase table', () => {
  it.each(['person', 'company'] as const)('names only real %s fields', (entity) => {
    for (const path of Object.keys(TITLECASE_FIELDS[entity]))
      expect([path, findField(entity, path)]).toEqual([path, expect.anything()]);
  });

  it.each([['person', personFixture] as const, ['company', companyFixture] as const])(
    'is the only thing that changes a %s',
    (entity, fixture) => {
      const changed = changedPaths(fixture(), titled(fixture(), entity));
      for (const path of changed) expect(Object.keys(TITLECASE_FIELDS[entity])).toContain(path);
    },
  );

  it('applies only to what include_fields kept', () => {
    expect(
      shapeRecord(personFixture(), 'person', {
        titlecase: true,
        include_fields: 'full_name,city,experience.title.raw',
      }),
    ).toEqual({
      full_name: 'Dana Marie Whitfield',
      city: 'San Francisco',
      experience: personFixture().experience.map((x) => ({ title: { raw: x.title?.raw } })),
    });
  });

  it('does not bring back an excluded field', () => {
    const shaped = shapeRecord(personFixture(), 'person', {
      titlecase: true,
      exclude_fields: 'full_name,skills',
    });
    expect(shaped).not.toHaveProperty('full_name');
    expect(shaped).not.toHaveProperty('skills');
    expect(shaped.first_name).toBe('Dana');
  });
});
