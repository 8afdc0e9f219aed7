import { Client } from '@opensearch-project/opensearch';
import type { TestEnvironment } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { aliasName, aliasTargets, listIndices } from '@app/search-index';
import { LineProblem } from '../apps/cli/src/data-builds/loader/loader';
import { QualityGateError } from '../apps/cli/src/data-builds/loader/quality-gate';
import { companies, hashesOf, jsonl, loadSuite, people } from './data-load/harness';

/** Records as users have them: normalized where they can be, rejected line by line where not, and the quality gate. */
describe('data:load', () => {
  const s = loadSuite();
  const { dataDir, load, sql, aliasCount, active } = s;
  let env: TestEnvironment;
  let os: Client;
  beforeAll(() => {
    ({ env, os } = s);
  });

  describe('records as users have them', () => {
    /** A record as a user's export might write it: odd case, spaces, national phones, keys missing. */
    function messyPerson() {
      const p = personFixture() as unknown as Record<string, unknown> & ReturnType<typeof personFixture>;
      p.svc_id = randomUUID();
      p.first_name = '  Dana ';
      p.country_code = 'us';
      p.state_code = 'us-ca';
      p.mobile_phone = '(415) 555-0137';
      p.work_email = ' Dana.Whitfield@Example.COM ';
      p.locations[0].continent_code = 'na';
      p.locations[0].postal_code = null;
      p.experience[0].description = null;
      p.experience[0].organization!.website = null;
      Object.assign(p.emails[0], {
        address: 'Dana.Whitfield@Example.COM',
        hash_sha256: null,
        hash_sha1: null,
      });
      delete (p as Record<string, unknown>).middle_name;
      delete (p as Record<string, unknown>).build_version;
      p.summary = { cleaned: '', raw: [] };
      return p;
    }

    it('normalizes what can be normalized and stamps the build on every record', async () => {
      const person = messyPerson();
      const company = {
        ...companyFixture(),
        svc_id: randomUUID(),
        founded: null,
        headline: null,
        tickers: [],
      };
      delete (company as Record<string, unknown>).build_version;
      const other = { ...people(1, 'v')[0], build_version: '0.9.0_2026-10-01' };
      const dir = dataDir({ 'people.jsonl': jsonl([person, other]), 'companies.jsonl': jsonl([company]) });
      const report = await load({ dir, buildId: '1.2.0_2026-11-04', maxShrinkPercent: 100 });

      expect(report.problems).toEqual([]);
      expect(report.people).toMatchObject({ loaded: 2, rejected: 0 });
      expect(report.companies).toMatchObject({ loaded: 1, rejected: 0 });
      // Another build's version is replaced, and said so.
      expect(report.restamped_count).toBe(1);
      expect(report.warnings[0]).toMatchObject({
        line: 2,
        reason: expect.stringMatching(/0.9.0_2026-10-01 replaced/),
      });

      const [{ record, record_json }] = await sql<{ record: Record<string, unknown>; record_json: string }>(
        `SELECT record, record_json FROM person_records WHERE build_id = '1.2.0_2026-11-04' AND svc_id = $1`,
        [person.svc_id],
      );
      expect(record).toMatchObject({
        first_name: 'dana',
        country_code: 'US',
        state_code: 'US-CA',
        mobile_phone: '+14155550137',
        work_email: 'dana.whitfield@example.com',
        middle_name: null,
        summary: null,
        build_version: '1.2.0_2026-11-04',
      });
      const stored = JSON.parse(record_json) as ReturnType<typeof personFixture>;
      // The full shape, in SPEC.md order, with unknowns as null.
      expect(Object.keys(stored)).toEqual(Object.keys(personFixture()));
      expect(stored.locations[0]).toMatchObject({ continent_code: 'NA', postal_code: null });
      expect(stored.experience[0].description).toBeNull();
      expect(stored.experience[0].organization?.website).toBeNull();
      expect(stored.emails[0]).toMatchObject({
        address: 'dana.whitfield@example.com',
        ...hashesOf('dana.whitfield@example.com'),
      });
      const [c] = await sql<{ record: Record<string, unknown> }>(
        `SELECT record FROM company_records WHERE build_id = '1.2.0_2026-11-04' AND svc_id = $1`,
        [company.svc_id],
      );
      expect(c.record).toMatchObject({
        founded: null,
        headline: null,
        tickers: [],
        build_version: '1.2.0_2026-11-04',
      });
      expect(await active()).toBe('1.2.0_2026-11-04');
    });

    it('rejects only what cannot be made valid, saying why', async () => {
      const problems: LineProblem[] = [];
      const wrongHash = people(1, 'w')[0];
      wrongHash.emails[0].hash_md5 = '0'.repeat(32);
      const nameless = {
        ...personFixture(),
        svc_id: randomUUID(),
        full_name: null,
        first_name: null,
        middle_name: null,
        last_name: null,
      };
      const noNameNoDomain = { ...companyFixture(), svc_id: randomUUID(), name: null, domain: null };
      const dir = dataDir({
        'people.jsonl': jsonl([...people(300, 'r'), wrongHash, nameless]),
        'companies.jsonl': jsonl([...companies(3), noNameNoDomain]),
      });
      const report = await load({ dir, buildId: '1.2.1_2026-11-04', onProblem: (p) => problems.push(p) });
      expect(report.gate).toMatchObject({ passed: true, max_rejected_percent: 1 });
      expect(problems.map((p) => [p.file.replace(/^.*\//, ''), p.line])).toEqual([
        ['companies.jsonl', 4],
        ['people.jsonl', 301],
        ['people.jsonl', 302],
      ]);
      expect(problems[0].reason).toMatch(/a company needs a name or a domain/);
      expect(problems[1].reason).toMatch(/emails\[0\]\.hash_md5: does not match the address/);
      expect(problems[2].reason).toMatch(/a person needs full_name, or first_name and\/or last_name/);
      expect(await active()).toBe('1.2.1_2026-11-04');
    });

    const serving = async () => ({
      build: await active(),
      people: await aliasCount('person'),
      companies: await aliasCount('company'),
      index: await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live')),
    });

    it('keeps the previous build serving when every line is bad, and says why', async () => {
      const before = await serving();
      const bad = Array.from({ length: 40 }, (_, i) =>
        i % 2 ? { ...personFixture(), svc_id: randomUUID(), sex: 'unknown' } : '{"svc_id": ',
      );
      const dir = dataDir({ 'people.jsonl': jsonl(bad), 'companies.jsonl': jsonl(companies(2)) });
      const error = await load({ dir, buildId: '1.3.0_2026-11-05' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(QualityGateError);
      const message = (error as Error).message;
      expect(message).toMatch(
        /build 1.3.0_2026-11-05 was not activated: the build holds no person; 40 of 42 lines were rejected/,
      );
      expect(message).toMatch(/people: 0 accepted, 40 rejected; companies: 2 accepted, 0 rejected/);
      expect(message).toMatch(/20 × \(line\): not valid JSON/);
      expect(message).toMatch(/20 × sex: expected one of male, female/);
      expect(await serving()).toEqual(before);
      expect(await listIndices(os, `${env.config.opensearch.indexPrefix}*_1.3.0_2026-11-05_*`)).toEqual([]);
      const rows = await sql<{ n: string }>(
        `SELECT count(*) n FROM company_records WHERE build_id = '1.3.0_2026-11-05'`,
      );
      expect(Number(rows[0].n)).toBe(0);
      const [failed] = await sql<{ status: string; is_active: boolean }>(
        `SELECT status, is_active FROM builds WHERE id = '1.3.0_2026-11-05'`,
      );
      expect(failed).toEqual({ status: 'failed', is_active: false });
    });

    it('keeps the previous build serving when the rejected share is over --max-rejected', async () => {
      const before = await serving();
      const lines = [
        ...people(95, 'm'),
        ...Array.from({ length: 5 }, () => ({ ...personFixture(), svc_id: 'x' })),
      ];
      const dir = dataDir({ 'people.jsonl': jsonl(lines) });
      await expect(load({ dir, buildId: '1.3.1_2026-11-05', maxRejectedPercent: 4 })).rejects.toThrow(
        /5 of 100 lines were rejected \(5 %\), above --max-rejected 4 %[\s\S]*5 × svc_id: expected a UUID/,
      );
      expect(await serving()).toEqual(before);
      // The same file passes a looser gate.
      const report = await load({
        dir,
        buildId: '1.3.1_2026-11-05',
        maxRejectedPercent: 5,
        maxShrinkPercent: 100,
      });
      expect(report.gate).toEqual({
        passed: true,
        rejected_percent: 5,
        max_rejected_percent: 5,
        // 95 people where 300 served; the companies (no file) are kept.
        shrink_percent: { people: 68.333, companies: 0 },
        max_shrink_percent: 100,
        failures: [],
      });
      expect(await active()).toBe('1.3.1_2026-11-05');
    });

    it('--dry-run reads and judges every line and writes nothing', async () => {
      const before = await serving();
      const builds = await sql<{ id: string }>('SELECT id FROM builds ORDER BY id');
      const good = dataDir({
        'people.jsonl': jsonl(people(10, 'd')),
        'companies.jsonl': jsonl(companies(2)),
      });
      const report = await load({
        dir: good,
        buildId: '1.4.0_2026-11-06',
        dryRun: true,
        maxShrinkPercent: 100,
      });
      expect(report).toMatchObject({
        dry_run: true,
        people: { loaded: 10, rejected: 0 },
        companies: { loaded: 2, rejected: 0 },
        gate: { passed: true },
      });
      const bad = dataDir({ 'people.jsonl': jsonl(['nope', ...people(3, 'e')]) });
      await expect(load({ dir: bad, buildId: '1.4.1_2026-11-06', dryRun: true })).rejects.toThrow(
        /1 of 4 lines were rejected \(25 %\)/,
      );
      expect(await sql<{ id: string }>('SELECT id FROM builds ORDER BY id')).toEqual(builds);
      expect(await listIndices(os, `${env.config.opensearch.indexPrefix}*_1.4.*`)).toEqual([]);
      expect(await serving()).toEqual(before);
    });
  });
});
