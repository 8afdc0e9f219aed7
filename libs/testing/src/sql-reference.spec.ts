import { ServiceError } from '@app/contracts';
import { ENTITIES } from '@app/contracts';
import { CATALOG, parseQuery } from '@app/sql';
import {
  columnSource,
  elementTableSql,
  elementValues,
  referenceQuery,
  referenceWhere,
  scalarText,
  slimRecordSql,
} from './sql-reference';

const people = (where: string) => referenceQuery(`SELECT * FROM people WHERE ${where}`, 'person');
const companies = (where: string) => referenceQuery(`SELECT * FROM companies WHERE ${where}`, 'company');

describe('sql-reference', () => {
  it.each(ENTITIES)('has a record source for every %s search column, of the right kind', (entity) => {
    for (const [name, info] of CATALOG[entity]) {
      const source = columnSource(entity, name);
      expect(source.kind === 'scalar').toBe(info.kind !== 'nested');
    }
    expect(() => columnSource(entity, 'nope')).toThrow(/not a .* search column/);
  });

  it('reads person columns from top-level fields and company columns from their nested paths', () => {
    expect(scalarText('person', 'city')).toBe(`(record #>> '{"city"}')`);
    expect(scalarText('company', 'name_cleaned', 't.record')).toBe(`(t.record #>> '{"name","cleaned"}')`);
    expect(scalarText('company', 'svc_turnover_rate_3m')).toBe(`(record #>> '{"svc_turnover_rate","3m"}')`);
    // The projection's cleaned(): an empty TextVariant is no value.
    expect(scalarText('company', 'headline_cleaned')).toBe(
      `NULLIF((record #>> '{"headline","cleaned"}'), '')`,
    );
    expect(elementValues('person', 'organization_name')).toContain(
      `(_el #>> '{"organization","name","cleaned"}')`,
    );
    expect(elementValues('person', 'organization_name')).toContain(`(record #> '{"experience"}')`);
    expect(elementValues('company', 'alt_domain')).toContain(`(_el #>> '{}')`);
    expect(elementValues('person', 'headline')).toBe(
      `SELECT v FROM (SELECT (record #>> '{"headline","cleaned"}') AS v) AS els WHERE v <> ''`,
    );
    expect(() => scalarText('person', 'skills')).toThrow(/cross-table/);
    expect(() => elementValues('person', 'city')).toThrow(/not a cross-table/);
  });

  it('compares text and enums case-insensitively and numbers as float8', () => {
    expect(people("city = 'Paris'")).toEqual({
      entity: 'person',
      sql: `(lower((record #>> '{"city"}')) = lower($1::text))`,
      params: ['Paris'],
    });
    expect(people('age >= 3e1')).toMatchObject({
      sql: `((record #>> '{"age"}')::float8 >= $1::float8)`,
      params: ['30'],
    });
    expect(people("sex <> 'MALE'")).toMatchObject({
      sql: `(lower((record #>> '{"sex"}')) <> lower($1::text))`,
      params: ['male'],
    });
    expect(people("city NOT IN ('a', 'b')")).toMatchObject({
      sql: `(NOT (lower((record #>> '{"city"}')) IN (lower($1::text), lower($2::text))))`,
      params: ['a', 'b'],
    });
    expect(people('netx_followers IN (1, 2.5)').sql).toBe(
      `((record #>> '{"netx_followers"}')::float8 IN ($1::float8, $2::float8))`,
    );
  });

  it('keeps ILIKE patterns as written and booleans as booleans', () => {
    expect(people("full_name NOT ILIKE 'o''b\\_%'")).toMatchObject({
      sql: `(NOT ((record #>> '{"full_name"}') ILIKE $1::text))`,
      params: ["o'b\\_%"],
    });
    expect(people('is_decision_maker != true').sql).toBe(
      `((record #>> '{"is_decision_maker"}')::boolean = FALSE)`,
    );
  });

  it('turns cross-table conditions into EXISTS over the list elements', () => {
    const { sql, params } = people("NOT (skills ILIKE '%go%') OR title = 'CTO'");
    expect(sql).toMatch(
      /^\(\(NOT EXISTS \(SELECT 1 FROM \(SELECT v FROM .*jsonb_array_elements\(.*'\{"skills"\}'.* WHERE x\.v ILIKE \$1::text\)\) OR EXISTS .*'\{"experience"\}'.* WHERE lower\(x\.v\) = lower\(\$2::text\)\)\)$/,
    );
    expect(params).toEqual(['%go%', 'CTO']);
    expect(companies("ticker = 'ACME'").sql).toContain(`'{"tickers"}'`);
  });

  it('reads cross-table values from an element table when given one', () => {
    const { sql, params } = referenceQuery(
      "SELECT * FROM people WHERE NOT (skills ILIKE 'py%') AND city = 'x'",
      'person',
      {
        record: 'r.record',
        elements: { table: 'els', svcId: 'r.svc_id' },
      },
    );
    expect(sql).toBe(
      `((NOT (r.svc_id IN (SELECT unnest(e.ids) FROM els e WHERE e.col = 'skills' AND e.v ILIKE $1::text))) AND (lower((r.record #>> '{"city"}')) = lower($2::text)))`,
    );
    expect(params).toEqual(['py%', 'x']);
    const [create, index] = elementTableSql('company', 'ce', 'cr');
    expect(create).toMatch(
      /^CREATE TABLE ce AS SELECT col, v, array_agg\(DISTINCT svc_id\) AS ids FROM \(SELECT 'ticker_symbol'::text AS col, x\.v, t\.svc_id FROM cr AS t, LATERAL \(SELECT v FROM/,
    );
    expect(create.match(/UNION ALL/g)).toHaveLength(3);
    expect(index).toBe('CREATE INDEX ON ce (col)');
  });

  it('nests AND / OR / NOT as parsed and appends to a shared parameter list', () => {
    const { where } = parseQuery(
      "SELECT * FROM people WHERE NOT (city = 'x' AND age > 1) OR sex = 'male'",
      'person',
    );
    const params: unknown[] = ['first'];
    const out = referenceWhere(where, 'person', { record: 'p.record' }, params);
    expect(out.params).toBe(params);
    expect(out.sql).toBe(
      `((NOT ((lower((p.record #>> '{"city"}')) = lower($2::text)) AND ((p.record #>> '{"age"}')::float8 > $3::float8))) OR (lower((p.record #>> '{"sex"}')) = lower($4::text)))`,
    );
    expect(params).toEqual(['first', 'x', '1', 'male']);
  });

  it('refuses what the parser refuses', () => {
    expect(() => people("skills != 'go'")).toThrow(ServiceError);
  });

  it('slims a record to the paths it reads', () => {
    const slim = slimRecordSql('person', 'r');
    for (const key of ['svc_id', 'city', 'skills', 'experience', 'organization', 'headline'])
      expect(slim).toContain(`'${key}'`);
    for (const key of ['emails', 'phones', 'education', 'raw']) expect(slim).not.toContain(`'${key}'`);
    expect(slimRecordSql('company')).toContain(`'svc_new_hire_count'`);
  });
});
