import { companyFixture, personFixture } from '@app/contracts/testing';
import { clearShapingCache, compileShaping } from './compile';
import { RawJson } from './raw-json';
import { serialize, shapeMatches, shapeRecord } from './shape';

const metadata = { matched_on: ['email'], match_type: 'exact', match_confidence: 'high' };
const enrichBody = () => ({
  matches: [
    { person: personFixture(), match_metadata: structuredClone(metadata) },
    {
      person: { ...personFixture(), full_name: 'dana whitfield' },
      match_metadata: structuredClone(metadata),
    },
  ],
  total: 2,
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe('shapeMatches', () => {
  it('shapes a record still held as its stored text, and leaves it as text when nothing changes', () => {
    const raw = new RawJson(JSON.stringify(personFixture()));
    const body = { matches: [{ person: raw, match_metadata: metadata }], total: 1 };
    const shaped = shapeMatches(body, 'person', { include_fields: 'full_name,job_title' }) as typeof body;
    expect(shaped.matches[0].person).toEqual({
      full_name: 'dana marie whitfield',
      job_title: personFixture().job_title,
    });
    const untouched = shapeMatches(body, 'person', {}) as typeof body;
    expect(untouched.matches[0].person).toBe(raw);
    expect(serialize(untouched, false)).toBe(
      `{"matches":[{"person":${raw.text},"match_metadata":${JSON.stringify(metadata)}}],"total":1}`,
    );
  });

  it('keeps match_metadata, total and other body keys whatever the filters say', () => {
    const body = { ...enrichBody(), generated_query: "SELECT * FROM people WHERE city = 'x'" };
    const shaped = shapeMatches(body, 'person', {
      include_fields: 'full_name',
      exclude_fields: 'svc_id',
      titlecase: true,
    });
    expect(shaped).toEqual({
      matches: [
        { person: { full_name: 'Dana Marie Whitfield' }, match_metadata: metadata },
        { person: { full_name: 'Dana Whitfield' }, match_metadata: metadata },
      ],
      total: 2,
      generated_query: body.generated_query,
    });
  });

  it('leaves out match_metadata.evidence when exclude_fields names it, and nothing else of match_metadata', () => {
    const evidence = [
      { field: 'email', comparison: 'email', outcome: 'agreed', level: 'agree', weight: 29.16 },
    ];
    const raw = new RawJson(JSON.stringify(personFixture()));
    const body = { matches: [{ person: raw, match_metadata: { ...metadata, evidence } }], total: 1 };
    const alone = shapeMatches(body, 'person', { exclude_fields: 'match_metadata.evidence' }) as typeof body;
    expect(alone.matches[0]).toEqual({ person: raw, match_metadata: metadata });
    expect(alone.matches[0].person).toBe(raw);
    const withFields = shapeMatches(body, 'person', {
      include_fields: 'full_name',
      exclude_fields: 'match_metadata.evidence',
    });
    expect(withFields).toEqual({
      matches: [{ person: { full_name: 'dana marie whitfield' }, match_metadata: metadata }],
      total: 1,
    });
    expect(body.matches[0].match_metadata.evidence).toBe(evidence);
    expect(compileShaping('person', { exclude_fields: 'match_metadata.evidence' }).isIdentity).toBe(false);
    expect(shapeMatches(body, 'person', { exclude_fields: 'svc_id' })).toMatchObject({
      matches: [{ match_metadata: { evidence } }],
    });
  });

  it('shapes search results that carry no match_metadata', () => {
    const body = { matches: [{ company: companyFixture() }], total: 1 };
    expect(shapeMatches(body, 'company', { include_fields: 'name.cleaned', titlecase: true })).toEqual({
      matches: [{ company: { name: { cleaned: 'Acme Analytics' } } }],
      total: 1,
    });
  });

  it('never mutates its input', () => {
    const body = deepFreeze(enrichBody());
    const before = structuredClone(body);
    const params = {
      include_fields: 'full_name,emails,experience',
      exclude_fields: 'emails.hash_md5',
      titlecase: true,
    };
    expect(() => shapeMatches(body, 'person', params)).not.toThrow();
    expect(() => shapeRecord(body.matches[0].person, 'person', { titlecase: true })).not.toThrow();
    expect(body).toEqual(before);
  });

  it('returns the body itself when there is nothing to do', () => {
    const body = enrichBody();
    expect(shapeMatches(body, 'person', {})).toBe(body);
    expect(shapeMatches(body, 'person', { pretty: true, titlecase: false, include_fields: ' ' })).toBe(body);
  });

  it('returns bodies of another shape unchanged', () => {
    const plan = compileShaping('person', { titlecase: true });
    for (const body of [null, 'text', { total: 0 }, { matches: 'no' }])
      expect(plan.shapeMatches(body)).toBe(body);
    expect(plan.shapeMatches({ matches: [null, { other: 1 }] })).toEqual({ matches: [null, { other: 1 }] });
  });
});

describe('serialize', () => {
  const body = { matches: [{ person: { full_name: 'x' } }], total: 1 };

  it('indents two spaces when pretty', () => {
    const text = serialize(body, true);
    expect(text).toBe(JSON.stringify(body, null, 2));
    expect(text.split('\n')[1]).toBe('  "matches": [');
    expect(JSON.parse(text)).toEqual(body);
  });

  it('is compact otherwise', () => {
    expect(serialize(body, false)).toBe('{"matches":[{"person":{"full_name":"x"}}],"total":1}');
  });
});

describe('compiled plans', () => {
  beforeEach(() => clearShapingCache());

  it('are reused for the same parameter strings', () => {
    const a = compileShaping('person', { include_fields: 'full_name', titlecase: true });
    expect(compileShaping('person', { include_fields: 'full_name', titlecase: true, pretty: true })).toBe(a);
    expect(compileShaping('company', { include_fields: 'name', titlecase: true })).not.toBe(a);
    expect(compileShaping('person', { include_fields: 'full_name' })).not.toBe(a);
  });

  it('do not confuse include and exclude lists', () => {
    const a = compileShaping('person', { include_fields: 'full_name' });
    const b = compileShaping('person', { exclude_fields: 'full_name' });
    expect(a.shapeRecord(personFixture())).toEqual({ full_name: 'dana marie whitfield' });
    expect(b.shapeRecord(personFixture())).not.toHaveProperty('full_name');
  });
});
