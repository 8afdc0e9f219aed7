/**
 * Sparse records: every field but a few may be unknown, served as `null` (lists as `[]`).
 * Shaping (titlecase, include_fields, exclude_fields) must keep a null as null wherever it sits,
 * top level or below a null parent, and never throw or write "Null".
 */
import {
  COMPANY_RECORD_FIELDS,
  type CompanyRecord,
  PERSON_RECORD_FIELDS,
  type PersonRecord,
  Entity,
} from '@app/contracts';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { fieldPaths, findField } from './field-tree';
import { shapeMatches, shapeRecord } from './shape';
import { titleCase } from './titlecase';
import { TITLECASE_FIELDS } from './titlecase-fields';

type Json = Record<string, unknown>;

const FIXTURES: Record<Entity, () => Json> = {
  person: () => personFixture() as unknown as Json,
  company: () => companyFixture() as unknown as Json,
};

/** A copy of `record` with the value at `path` null in every element of every array on the way. */
function withNull(record: Json, path: string): Json {
  const copy = structuredClone(record);
  const walk = (value: unknown, segments: string[]): void => {
    if (Array.isArray(value)) {
      for (const element of value) walk(element, segments);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const o = value as Json;
    if (segments.length === 1) o[segments[0]] = null;
    else walk(o[segments[0]], segments.slice(1));
  };
  walk(copy, path.split('.'));
  return copy;
}

/**
 * The values at `path`, arrays transparent. A null (or missing) parent yields itself, unless
 * `belowNullParents` is false: then it yields nothing (the fixtures have null parts of their own).
 */
function valuesAt(value: unknown, path: string, belowNullParents = true): unknown[] {
  const out: unknown[] = [];
  const walk = (v: unknown, segments: string[]): void => {
    if (Array.isArray(v)) {
      for (const element of v) walk(element, segments);
      return;
    }
    if (segments.length === 0 || v === null || v === undefined || typeof v !== 'object') {
      if (segments.length === 0 || belowNullParents) out.push(v);
      return;
    }
    walk((v as Json)[segments[0]], segments.slice(1));
  };
  walk(value, path.split('.'));
  return out;
}

/** A sub-field of `path` when it has one (`headline` → `headline.cleaned`), else the path itself. */
function below(entity: Entity, path: string): string {
  const node = findField(entity, path)!;
  const [first] = node.children.keys();
  return first === undefined ? path : below(entity, `${path}.${first}`);
}

const noNullText = (shaped: unknown) => expect(JSON.stringify(shaped)).not.toMatch(/"(Null|null)"/);

const everyTitlecasePath = (entity: Entity) => Object.keys(TITLECASE_FIELDS[entity]).join(',');

describe('titleCase of an unknown value', () => {
  it.each([null, undefined, ''])('returns %p as it is', (value) => {
    expect(titleCase(value, 'name')).toBe(value);
    expect(titleCase(value, 'text')).toBe(value);
  });

  it('still title-cases the word "null" when it is real text', () => {
    expect(titleCase('null island', 'text')).toBe('Null Island');
  });
});

const topLevel: [Entity, string][] = [
  ...PERSON_RECORD_FIELDS.map((f) => ['person', f] as [Entity, string]),
  ...COMPANY_RECORD_FIELDS.map((f) => ['company', f] as [Entity, string]),
];

describe.each(topLevel)('%s.%s set to null', (entity, field) => {
  const record = () => withNull(FIXTURES[entity](), field);
  const shape = (params: Parameters<typeof shapeRecord>[2]) => {
    const input = record();
    const frozen = structuredClone(input);
    const shaped = shapeRecord(input, entity, params);
    expect(input).toEqual(frozen); // the input is never written to
    return shaped;
  };

  it('stays null under titlecase, and every other field is shaped as usual', () => {
    const shaped = shape({ titlecase: true });
    expect(shaped[field]).toBeNull();
    expect(Object.keys(shaped)).toEqual(Object.keys(record()));
    const full = shapeRecord(FIXTURES[entity](), entity, { titlecase: true });
    expect(shaped).toEqual({ ...full, [field]: null });
    noNullText(shaped);
  });

  it('is returned as null by include_fields, alone or with a sub-field or every titlecase path', () => {
    expect(shape({ titlecase: true, include_fields: field })).toEqual({ [field]: null });
    expect(shape({ titlecase: true, include_fields: below(entity, field) })).toEqual({ [field]: null });
    const many = shape({ titlecase: true, include_fields: `${field},${everyTitlecasePath(entity)}` });
    expect(many[field]).toBeNull();
    noNullText(many);
  });

  it('is removed by exclude_fields, and left null by the exclusion of a sub-field', () => {
    const excluded = shape({ titlecase: true, exclude_fields: field });
    expect(excluded).not.toHaveProperty(field);
    const sub = below(entity, field);
    if (sub !== field) expect(shape({ titlecase: true, exclude_fields: sub })[field]).toBeNull();
    const both = shape({
      titlecase: true,
      include_fields: `${field},${everyTitlecasePath(entity)}`,
      exclude_fields: sub !== field ? sub : field === 'build_version' ? 'svc_id' : 'build_version',
    });
    expect(both[field]).toBeNull();
  });
});

/** Every path below the top level: `experience.organization`, `headline.cleaned`, `emails.type`... */
const nested: [Entity, string][] = (['person', 'company'] as const).flatMap((entity) =>
  fieldPaths(entity)
    .filter((p) => p.includes('.'))
    .map((p) => [entity, p] as [Entity, string]),
);

describe.each(nested)('%s %s set to null in every element', (entity, path) => {
  const record = () => withNull(FIXTURES[entity](), path);
  const expectNullAt = (shaped: unknown) => {
    const values = valuesAt(shaped, path);
    expect(values.length).toBe(valuesAt(record(), path).length);
    for (const v of values) expect(v).toBeNull();
  };

  it('keeps it null with titlecase, include_fields and exclude_fields', () => {
    const sub = below(entity, path);
    expectNullAt(shapeRecord(record(), entity, { titlecase: true }));
    expectNullAt(shapeRecord(record(), entity, { titlecase: true, include_fields: path }));
    expectNullAt(shapeRecord(record(), entity, { titlecase: true, include_fields: sub }));
    expectNullAt(
      shapeRecord(record(), entity, {
        titlecase: true,
        include_fields: `${sub},${everyTitlecasePath(entity)}`,
        exclude_fields: sub === path ? 'svc_id' : sub,
      }),
    );
    noNullText(shapeRecord(record(), entity, { titlecase: true }));
  });

  it('is removed by exclude_fields', () => {
    const shaped = shapeRecord(record(), entity, { titlecase: true, exclude_fields: path });
    const values = valuesAt(shaped, path, false);
    expect(values.length).toBe(valuesAt(record(), path, false).length);
    for (const v of values) expect(v).toBeUndefined();
  });
});

/** Everything but the required fields unknown: scalars and objects null, lists empty. */
function barePerson(): PersonRecord {
  const p = personFixture() as unknown as Json;
  for (const field of PERSON_RECORD_FIELDS) {
    if (field === 'svc_id' || field === 'full_name' || field === 'build_version') continue;
    p[field] = Array.isArray(p[field]) ? [] : null;
  }
  return p as unknown as PersonRecord;
}

/** Lists kept, but every optional sub-field of every element unknown (a list's raw spellings empty). */
function hollowPerson(): PersonRecord {
  const p = barePerson();
  const f = personFixture();
  const nullAll = <T extends object>(o: T, keep: readonly string[]): T =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => [k, keep.includes(k) ? v : Array.isArray(v) ? [] : null]),
    ) as T;
  p.phones = f.phones.map((x) => nullAll(x, ['number']));
  p.emails = f.emails.map((x) => nullAll(x, ['address', 'hash_sha256', 'hash_sha1', 'hash_md5']));
  p.locations = f.locations.map((x) => nullAll(x, []));
  p.experience = f.experience.map((x) => nullAll(x, []));
  p.education = f.education.map((x) => nullAll(x, []));
  p.certifications = f.certifications.map((x) => nullAll(x, ['name']));
  p.socials = f.socials.map((x) => nullAll(x, ['network', 'url']));
  p.skills = f.skills.map((x) => ({ ...x, raw: [] }));
  p.languages = f.languages.map((x) => nullAll(x, ['cleaned']));
  return p;
}

function bareCompany(): CompanyRecord {
  const c = companyFixture() as unknown as Json;
  for (const field of COMPANY_RECORD_FIELDS) {
    if (field === 'svc_id' || field === 'domain' || field === 'build_version') continue;
    c[field] = Array.isArray(c[field]) ? [] : null;
  }
  return c as unknown as CompanyRecord;
}

describe('a record with every optional field unknown at once', () => {
  it('a bare person keeps its shape; only full_name changes under titlecase', () => {
    const shaped = shapeRecord(barePerson(), 'person', { titlecase: true });
    expect(shaped).toEqual({ ...barePerson(), full_name: 'Dana Marie Whitfield' });
    expect(Object.keys(shaped)).toEqual([...PERSON_RECORD_FIELDS]);
    noNullText(shaped);
  });

  it('a bare person: include returns the nulls and empty lists it asked for, exclude removes', () => {
    expect(
      shapeRecord(barePerson(), 'person', {
        titlecase: true,
        include_fields: 'job_title,headline.cleaned,experience.title,emails.address,first_name,full_name',
        exclude_fields: 'first_name',
      }),
    ).toEqual({
      full_name: 'Dana Marie Whitfield',
      job_title: null,
      headline: null,
      emails: [],
      experience: [],
    });
  });

  it('a hollow person (elements with null parts) shapes without error and keeps each null', () => {
    const shaped = shapeRecord(hollowPerson(), 'person', {
      titlecase: true,
      include_fields:
        'full_name,experience.title.cleaned,experience.organization.name,education.degree,languages,locations.city,emails,phones.type',
      exclude_fields: 'emails.hash_md5',
    });
    expect(shaped).toEqual({
      full_name: 'Dana Marie Whitfield',
      phones: hollowPerson().phones.map(() => ({ type: null })),
      emails: hollowPerson().emails.map(({ hash_md5: _drop, ...rest }) => rest),
      locations: hollowPerson().locations.map(() => ({ city: null })),
      experience: hollowPerson().experience.map(() => ({ title: null, organization: null })),
      education: hollowPerson().education.map(() => ({ degree: null })),
      languages: [
        { cleaned: 'English', raw: [], proficiency: null },
        { cleaned: 'Spanish', raw: [], proficiency: null },
      ],
    });
    noNullText(shaped);
  });

  it('a hollow person under titlecase alone changes only its non-null listed text', () => {
    const shaped = shapeRecord(hollowPerson(), 'person', { titlecase: true }) as unknown as PersonRecord;
    expect(shaped.experience.every((x) => x.title === null && x.organization === null)).toBe(true);
    expect(shaped.certifications.map((c) => [c.name.cleaned, c.institution])).toEqual([
      ['Certified Cloud Architect', null],
    ]);
    expect(shaped.skills.map((s) => s.cleaned)).toEqual(['Python', 'Distributed Systems', 'Postgresql']);
  });

  it('a bare company (domain only) keeps its shape', () => {
    const shaped = shapeRecord(bareCompany(), 'company', {
      titlecase: true,
      include_fields: 'name.cleaned,domain,industry,svc_employee_growth_rate.12m,tickers.exchange,headline',
    });
    expect(shaped).toEqual({
      name: null,
      domain: companyFixture().domain,
      industry: null,
      headline: null,
      svc_employee_growth_rate: null,
      tickers: [],
    });
    expect(shapeRecord(bareCompany(), 'company', { titlecase: true })).toEqual(bareCompany());
  });

  it('a company with unknown periods and a ticker without exchange', () => {
    const c = companyFixture();
    c.svc_employee_growth_rate = { '1m': null, '3m': 0.02, '6m': null, '12m': null };
    c.tickers = [{ ticker_symbol: 'ACMA', exchange: null }];
    c.name = { cleaned: 'acme analytics', display: null, raw: [] };
    expect(
      shapeRecord(c, 'company', {
        titlecase: true,
        include_fields: 'name,svc_employee_growth_rate.12m,svc_employee_growth_rate.3m,tickers',
        exclude_fields: 'tickers.ticker_symbol',
      }),
    ).toEqual({
      name: { cleaned: 'Acme Analytics', display: null, raw: [] },
      svc_employee_growth_rate: { '3m': 0.02, '12m': null },
      tickers: [{ exchange: null }],
    });
  });

  it('shapes enrichment-style matches of sparse records, match_metadata untouched', () => {
    const metadata = { matched_on: ['svc_id'], match_type: 'exact', match_confidence: 'high' };
    const body = {
      matches: [{ person: barePerson(), match_metadata: metadata }, { person: null }],
      total: 2,
    };
    expect(shapeMatches(body, 'person', { titlecase: true, include_fields: 'full_name,city' })).toEqual({
      matches: [
        { person: { full_name: 'Dana Marie Whitfield', city: null }, match_metadata: metadata },
        { person: null },
      ],
      total: 2,
    });
  });
});
