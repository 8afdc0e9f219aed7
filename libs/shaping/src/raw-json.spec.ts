import { plainValue, RawJson, serializeBody } from './raw-json';
import { serialize } from './shape';

const text = '{"full_name":"jane doe","emails":[{"address":"j@x.io"}],"note":"a \\"quoted\\" \\u0000 value"}';

describe('RawJson and serializeBody', () => {
  it('writes the stored text into the body as it is', () => {
    const body = {
      matches: [{ person: new RawJson(text), match_metadata: { match_type: 'exact' } }],
      total: 1,
    };
    const out = serializeBody(body);
    expect(out).toBe(`{"matches":[{"person":${text},"match_metadata":{"match_type":"exact"}}],"total":1}`);
    expect(JSON.parse(out)).toEqual({ ...body, matches: [{ ...body.matches[0], person: JSON.parse(text) }] });
  });

  it('splices several texts, at any depth, each in its place', () => {
    const body = {
      results: [
        { matches: [{ person: new RawJson('{"a":1}') }] },
        { matches: [{ person: new RawJson('[2]') }] },
      ],
    };
    expect(serializeBody(body)).toBe(
      '{"results":[{"matches":[{"person":{"a":1}}]},{"matches":[{"person":[2]}]}]}',
    );
  });

  it('is JSON.stringify for bodies without raw text, strings that look like placeholders included', () => {
    const body = { a: '\u0000raw-000000000000-0', b: [1, null, 'x'], c: { d: true } };
    expect(serializeBody(body)).toBe(JSON.stringify(body));
    const mixed = { a: '\u0000raw-000000000000-0', person: new RawJson('{"x":1}') };
    expect(JSON.parse(serializeBody(mixed))).toEqual({ a: '\u0000raw-000000000000-0', person: { x: 1 } });
  });

  it('anywhere else it is its parsed value: JSON.stringify, pretty printing, plainValue', () => {
    const raw = new RawJson(text);
    expect(JSON.stringify({ person: raw })).toBe(JSON.stringify({ person: JSON.parse(text) }));
    expect(serialize({ person: raw }, true)).toBe(JSON.stringify({ person: JSON.parse(text) }, null, 2));
    expect(serialize({ person: raw }, false)).toBe(`{"person":${text}}`);
    expect(plainValue(raw)).toEqual(JSON.parse(text));
    expect(plainValue(raw)).toBe(raw.value);
    expect(plainValue('plain')).toBe('plain');
  });

  it('keeps a value parsed by the caller instead of parsing again', () => {
    const value = { a: 1 };
    expect(new RawJson('{"a":1}', value).value).toBe(value);
  });

  it('a failing JSON.stringify leaves no splice behind for the next call', () => {
    const cyclic: Record<string, unknown> = { person: new RawJson('{"a":1}') };
    cyclic.self = cyclic;
    expect(() => serializeBody(cyclic)).toThrow(TypeError);
    expect(JSON.stringify({ person: new RawJson('{"a":1}') })).toBe('{"person":{"a":1}}');
  });
});
