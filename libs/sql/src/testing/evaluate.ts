/**
 * For unit specs: a compiled query evaluated over one flat document the way OpenSearch
 * evaluates it (a null or missing field is not indexed; keyword and wildcard fields fold case;
 * a nested list matches when one element does). The golden cases run against the real engine
 * too (test/sql-engine.e2e-spec.ts); this only lets the pure specs say which records match.
 */
export type Doc = Record<string, unknown>;
export type Query = Record<string, Record<string, unknown>>;

const wildcardRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'is',
  );

/** A field's indexed values: a null (or a missing key) is not indexed at all. */
function indexed(doc: Doc, name: string): unknown[] {
  const v = doc[name.replace(/\.wc$/, '')];
  return v === null || v === undefined ? [] : [v];
}

const keyword = (x: unknown) => (typeof x === 'string' ? x.toLowerCase() : x);

export function matches(doc: Doc, query: Query): boolean {
  const [kind, body] = Object.entries(query)[0];
  const [name, arg] = Object.entries(body)[0] ?? [];
  const values = () => indexed(doc, name);
  switch (kind) {
    case 'bool': {
      const b = body as { filter?: Query[]; should?: Query[]; must_not?: Query[] };
      return (
        (b.filter ?? []).every((q) => matches(doc, q)) &&
        !(b.must_not ?? []).some((q) => matches(doc, q)) &&
        (b.should === undefined || b.should.some((q) => matches(doc, q)))
      );
    }
    case 'term':
      return values().some((v) => keyword(v) === keyword(arg));
    case 'terms':
      return values().some((v) => (arg as unknown[]).map(keyword).includes(keyword(v)));
    case 'range': {
      const r = arg as Record<string, number>;
      return values().some(
        (v) =>
          typeof v === 'number' &&
          (r.lt === undefined || v < r.lt) &&
          (r.lte === undefined || v <= r.lte) &&
          (r.gt === undefined || v > r.gt) &&
          (r.gte === undefined || v >= r.gte),
      );
    }
    case 'exists':
      return indexed(doc, body.field as string).length > 0;
    case 'wildcard':
      return values().some(
        (v) =>
          typeof v === 'string' && wildcardRegExp((arg as { value: string }).value).test(v.toLowerCase()),
      );
    case 'nested': {
      const path = body.path as string;
      return ((doc[path] as string[] | null | undefined) ?? []).some((el) =>
        matches({ [`${path}.v`]: el }, body.query as Query),
      );
    }
    default:
      throw new Error(`unexpected query ${kind}`);
  }
}
