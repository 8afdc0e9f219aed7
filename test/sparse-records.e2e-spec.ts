import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  COMPANY_RECORD_FIELDS,
  COMPANY_SEARCH_RESULT_FIELDS,
  PERSON_RECORD_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
} from '@app/contracts';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { SearchStack, startSearchStack } from './search/harness';

type Json = Record<string, unknown>;
const DELETE = Symbol('delete');

/** One way a record may lack something: `path` set to null or removed. */
interface Shape {
  name: string;
  record: Json;
  /** Where the gap is, and what the loaded record must hold there. */
  path: string[];
  expected: unknown;
}

function setAt(record: Json, path: string[], value: unknown): void {
  let target = record as Record<string, unknown>;
  for (const k of path.slice(0, -1)) target = target[k] as Record<string, unknown>;
  if (value === DELETE) delete target[path[path.length - 1]];
  else target[path[path.length - 1]] = value;
}

const getAt = (record: unknown, path: string[]) =>
  path.reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], record);

/** The optional fields of an object, as paths: every key but the required ones. */
function optionalPaths(sample: Json, required: readonly string[], prefix: string[] = []): string[][] {
  return Object.keys(sample)
    .filter((k) => !required.includes(k))
    .map((k) => [...prefix, k]);
}

const PERSON_REQUIRED = ['svc_id', 'full_name', 'build_version'];
/** Per list of a person: the element fields that make it meaningful. */
const PERSON_ELEMENT_REQUIRED: Record<string, string[]> = {
  phones: ['number'],
  emails: ['address', 'hash_sha256', 'hash_sha1', 'hash_md5'],
  locations: [],
  experience: ['organization'],
  education: ['organization'],
  certifications: ['name'],
  socials: ['network', 'url'],
  skills: ['cleaned'],
  languages: ['cleaned'],
};
const COMPANY_REQUIRED = ['svc_id', 'build_version'];
/** Fields the loader derives from another one the record still has: absent, they come back filled. */
const DERIVED: Record<string, unknown> = {
  middle_initial: 'm',
  last_initial: 'w',
  birth_year: 1988,
  birth_month: 4,
  birth_day: 17,
};

/** Every shape a person may take: each optional field null and missing, in records and their elements, and all at once. */
function personShapes(): Shape[] {
  const base = personFixture() as unknown as Json;
  const shapes: Shape[] = [];
  const gap = (path: string[], how: null | typeof DELETE) => {
    const record = personFixture() as unknown as Json;
    setAt(record, path, how);
    const list = Array.isArray(getAt(base, path));
    const expected = path.length === 1 && path[0] in DERIVED ? DERIVED[path[0]] : list ? [] : null;
    shapes.push({ name: `${path.join('.')} ${how === null ? 'null' : 'missing'}`, record, path, expected });
  };
  for (const path of optionalPaths(base, PERSON_REQUIRED)) {
    gap(path, null);
    gap(path, DELETE);
  }
  for (const [list, required] of Object.entries(PERSON_ELEMENT_REQUIRED)) {
    const element = (base[list] as Json[])[0];
    for (const path of optionalPaths(element, required, [list, '0'])) gap(path, null);
  }
  for (const list of ['experience', 'education']) {
    const org = (base[list] as Json[])[0].organization as Json;
    gap([list, '0', 'organization'], null);
    for (const path of optionalPaths(org, ['name'], [list, '0', 'organization'])) gap(path, null);
  }
  // Hashes come back computed from the address.
  for (const h of ['hash_sha256', 'hash_sha1', 'hash_md5']) {
    gap(['emails', '0', h], DELETE);
    shapes[shapes.length - 1].expected = getAt(base, ['emails', '0', h]);
  }
  // All at once: nothing but an id and a name.
  for (const field of ['full_name', 'first_name', 'last_name']) {
    shapes.push({ name: `only ${field}`, record: { [field]: '' }, path: ['sex'], expected: null });
  }
  return shapes.map((s, i) => {
    s.record.svc_id = randomUUID();
    // A name of its own, so search finds exactly this record.
    for (const field of ['full_name', 'first_name', 'last_name']) {
      if (s.record[field] === '') s.record[field] = `sparse${i}`;
    }
    if (s.record.full_name === personFixture().full_name) s.record.full_name = `sparse person ${i}`;
    return s;
  });
}

function companyShapes(): Shape[] {
  const base = companyFixture() as unknown as Json;
  const shapes: Shape[] = [];
  const gap = (path: string[], how: null | typeof DELETE) => {
    const record = companyFixture() as unknown as Json;
    setAt(record, path, how);
    const list = Array.isArray(getAt(base, path));
    shapes.push({
      name: `${path.join('.')} ${how === null ? 'null' : 'missing'}`,
      record,
      path,
      expected: list ? [] : null,
    });
  };
  for (const path of optionalPaths(base, COMPANY_REQUIRED)) {
    gap(path, null);
    gap(path, DELETE);
  }
  gap(['tickers', '0', 'exchange'], null);
  gap(['name', 'display'], null);
  for (const p of ['1m', '3m', '6m', '12m']) gap(['svc_employee_growth_rate', p], null);
  shapes.push({
    name: 'only name',
    record: { name: { cleaned: 'solo company' } },
    path: ['domain'],
    expected: null,
  });
  shapes.push({
    name: 'only domain',
    record: { domain: 'solo.example.org' },
    path: ['name'],
    expected: null,
  });
  return shapes.map((s, i) => {
    s.record.svc_id = randomUUID();
    // A name or domain of its own, so search finds exactly this record.
    if (s.record.name) (s.record.name as Json).cleaned = `sparse company ${i}`;
    if (s.record.domain) s.record.domain = `sparse-${i}.example.org`;
    return s;
  });
}

const inRecordOrder = (all: readonly string[], subset: readonly string[]) =>
  all.filter((f) => subset.includes(f));
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Every record shape the loader accepts — each optional field null or missing, one at a time
 * and all at once — loaded through the real loader and walked through enrichment, search and
 * shaping: no 5xx, the full shape back with null where the record has nothing.
 */
describe('sparse records end to end', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'svc-sparse-'));
  const people = personShapes();
  const companies = companyShapes();

  const post = (url: string, payload: object) => stack!.post(url, payload);

  beforeAll(async () => {
    env = await createTestEnvironment({ NATS_REQUEST_TIMEOUT_MS: '5000' });
    const lines = (rows: Shape[]) => rows.map((s) => JSON.stringify(s.record)).join('\n') + '\n';
    writeFileSync(join(dir, 'people.jsonl'), lines(people));
    writeFileSync(join(dir, 'companies.jsonl'), lines(companies));
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      const report = await loadBuild(env.db.dataSource, os, env.config.opensearch, {
        dir,
        buildId: '1.0.0_2026-11-21',
        maxRejectedPercent: 0,
      });
      if (report.problem_count > 0) throw new Error(JSON.stringify(report.problems.slice(0, 3)));
    } finally {
      await os.close();
    }
    stack = await startSearchStack(env, { name: 'sparse', credits: 1_000_000, tier: 'enterprise' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('covers every optional field of both records', () => {
    const topLevel = (shapes: Shape[]) =>
      new Set(shapes.filter((s) => s.path.length === 1).map((s) => s.path[0]));
    expect([...topLevel(people)].sort()).toEqual(
      PERSON_RECORD_FIELDS.filter((f) => !PERSON_REQUIRED.includes(f)).sort(),
    );
    expect([...topLevel(companies)].sort()).toEqual(
      COMPANY_RECORD_FIELDS.filter((f) => !COMPANY_REQUIRED.includes(f)).sort(),
    );
    expect(people.length).toBeGreaterThan(150);
  });

  it.each(people.map((s) => [s.name, s] as const))(
    'person with %s: enrich, shape, search',
    async (_, shape) => {
      const id = shape.record.svc_id as string;
      const enriched = await post('/person/enrich', { svc_id: id });
      expect(enriched.statusCode).toBe(200);
      const person = enriched.json().matches[0].person as Json;
      expect(Object.keys(person)).toEqual([...PERSON_RECORD_FIELDS]);
      expect(getAt(person, shape.path)).toEqual(shape.expected);

      const shaped = await post('/person/enrich', {
        svc_id: id,
        titlecase: true,
        include_fields: `${shape.path[0]},full_name,experience.title,locations.city,emails.address`,
        exclude_fields: 'emails.address',
      });
      expect(shaped.statusCode).toBe(200);
      expect(shaped.json().matches[0].person).toHaveProperty(shape.path[0]);

      const found = await post('/person/search', {
        query: `SELECT * FROM people WHERE full_name = ${quote(person.full_name as string)}`,
        titlecase: true,
      });
      expect(found.statusCode).toBe(200);
      const { matches, total } = found.json();
      expect(total).toBe(1);
      expect(Object.keys(matches[0].person)).toEqual(
        inRecordOrder(PERSON_RECORD_FIELDS, PERSON_SEARCH_RESULT_FIELDS),
      );
    },
  );

  it.each(companies.map((s) => [s.name, s] as const))(
    'company with %s: enrich, shape, search',
    async (_, shape) => {
      const id = shape.record.svc_id as string;
      const enriched = await post('/company/enrich', { svc_id: id, titlecase: true });
      expect(enriched.statusCode).toBe(200);
      const company = enriched.json().matches[0].company as Json;
      expect(Object.keys(company)).toEqual([...COMPANY_RECORD_FIELDS]);
      expect(getAt(company, shape.path)).toEqual(shape.expected);

      const name = (company.name as { cleaned: string } | null)?.cleaned;
      const where = name ? `name_cleaned = ${quote(name)}` : `domain = ${quote(company.domain as string)}`;
      const found = await post('/company/search', { query: `SELECT * FROM companies WHERE ${where}` });
      expect(found.statusCode).toBe(200);
      expect(found.json().total).toBe(1);
      expect(Object.keys(found.json().matches[0].company)).toEqual(
        inRecordOrder(COMPANY_RECORD_FIELDS, COMPANY_SEARCH_RESULT_FIELDS),
      );
    },
  );

  it('searches over sparse columns answer without error, missing values never matching', async () => {
    for (const query of [
      `SELECT * FROM people WHERE NOT (age > 30) AND full_name ILIKE 'sparse person%'`,
      `SELECT * FROM people WHERE job_title != 'x' OR skills = 'go'`,
      `SELECT * FROM people WHERE NOT (skills = 'go') AND sex = 'female'`,
      `SELECT * FROM companies WHERE NOT (founded > 2000) OR ticker = 'ACMA'`,
    ]) {
      const url = query.includes('people') ? '/person/search' : '/company/search';
      const res = await post(url, { query, limit: 100, titlecase: true });
      expect(res.statusCode).toBe(200);
    }
    // A person with no age is neither over 30 nor not: NOT keeps UNKNOWN.
    const noAge = people.find((s) => s.name === 'age null')!;
    const res = await post('/person/search', {
      query: `SELECT * FROM people WHERE NOT (age > 30) AND full_name = ${quote(noAge.record.full_name as string)}`,
    });
    expect(res.json().total).toBe(0);
  });
});
