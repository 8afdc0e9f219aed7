import { Client } from '@opensearch-project/opensearch';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { personFixture } from '@app/contracts/testing';
import { createOpenSearchClient } from '@app/search-index';
import {
  createTestEnvironment,
  HttpHarness,
  problemFields,
  schemaEnv,
  seedKey,
  TestEnvironment,
} from '@app/testing';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { runCli } from '../apps/cli/src/program';
import { gatewayHarness } from './gateway';

const BRAM = '86853a6c-6ce2-4eba-8e7a-c5f6dfbc3ff7';
const MIRA = '4052a73f-a5b5-496f-b278-3f5a5cf9e312';
const TESSELLATE = '1bbc807e-07be-41a1-a500-28cdd5fc588b';
const LIVE_BUILD = '1.0.0_2026-11-02';
/** A live person whose record lacks many values (they are served as null). */
const SPARSE = 'c0ffee00-5ba5-4e11-9a11-0000000000a1';
const SPARSE_NULL_FIELDS = [
  'middle_name',
  'middle_initial',
  'sex',
  'birth_date',
  'birth_year',
  'birth_month',
  'birth_day',
  'age',
  'work_email',
  'mobile_phone',
  'city',
  'state',
  'state_code',
  'job_title',
  'company_industry',
  'headline',
  'summary',
] as const;

/** The contract fixture with every SPARSE_NULL_FIELDS value unknown, and null parts in its work history. */
function sparsePerson(): Record<string, unknown> {
  const p = { ...personFixture(), svc_id: SPARSE } as Record<string, unknown>;
  for (const f of SPARSE_NULL_FIELDS) p[f] = null;
  const experience = personFixture().experience;
  experience[0] = { ...experience[0], title: null, organization: null };
  experience[1] = { ...experience[1], description: null };
  p.experience = experience;
  // Absent, not null: the loader's normalization serves it as null like the others.
  delete p.netx_followers;
  return p;
}

/**
 * POST /utility/report/{person,company} through the real gateway, against the sandbox records
 * loaded as the live build, and the reports:* operator commands on what was filed.
 */
describe('data-issue reports', () => {
  let env: TestEnvironment;
  let os: Client;
  let gw: HttpHarness;
  let sandboxOnly: string;
  const dirs: string[] = [];

  const report = (subject: 'person' | 'company', body: Record<string, unknown>) =>
    gw.post(`/utility/report/${subject}`, body);
  const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
  const count = async () => Number((await sql<{ n: string }>('SELECT count(*) n FROM reports'))[0].n);

  beforeAll(async () => {
    env = await createTestEnvironment();
    os = createOpenSearchClient(env.config.opensearch);
    const ds = env.db.dataSource;
    // The sandbox records as the live build, plus one sparse person.
    const sandbox = join(__dirname, '..', 'data', 'sandbox');
    const live = mkdtempSync(join(tmpdir(), 'svc-reports-live-'));
    dirs.push(live);
    copyFileSync(join(sandbox, 'companies.jsonl'), join(live, 'companies.jsonl'));
    const people = readFileSync(join(sandbox, 'people.jsonl'), 'utf8').replace(/\n?$/, '\n');
    writeFileSync(join(live, 'people.jsonl'), `${people}${JSON.stringify(sparsePerson())}\n`);
    const loaded = await loadBuild(ds, os, env.config.opensearch, {
      dir: live,
      buildId: LIVE_BUILD,
      sandbox: false,
    });
    expect(loaded.problems).toEqual([]);
    // A person that exists only in a sandbox build: reports are about live data.
    const dir = mkdtempSync(join(tmpdir(), 'svc-reports-'));
    dirs.push(dir);
    const person = { ...personFixture(), svc_id: randomUUID() };
    sandboxOnly = person.svc_id;
    writeFileSync(join(dir, 'people.jsonl'), `${JSON.stringify(person)}\n`);
    await loadBuild(ds, os, env.config.opensearch, { dir, buildId: '0.9.0_2026-11-01', sandbox: true });
    gw = await gatewayHarness({ env, team: { credits: 0 } });
  });

  afterAll(async () => {
    await gw?.close();
    await os?.close();
    await env?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  describe('POST /utility/report/person and /company', () => {
    it('files a field-level report and stores it with its build and reporter', async () => {
      const res = await report('person', {
        svc_id: BRAM,
        issue_type: 'outdated',
        issue_level: 'field',
        field: 'Job_Title',
        observed_value: 'staff software engineer',
        correct_value: 'principal engineer',
        comment: 'promoted in 2026',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        report_id: expect.any(Number),
        status: 'open',
        subject_type: 'person',
        svc_id: BRAM,
        issue_type: 'outdated',
        issue_level: 'field',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        field: 'job_title',
      });
      const [row] = await sql<Record<string, unknown>>('SELECT * FROM reports WHERE id = $1', [
        body.report_id,
      ]);
      expect(row).toMatchObject({
        subject_type: 'person',
        svc_id: BRAM,
        build_id: LIVE_BUILD,
        issue_type: 'outdated',
        issue_level: 'field',
        field: 'job_title',
        observed_value: 'staff software engineer',
        correct_value: 'principal engineer',
        comment: 'promoted in 2026',
        status: 'open',
        api_key_id: gw.team.keyId,
        team_id: gw.team.id,
        resolved_at: null,
        resolution_note: null,
      });
      expect(new Date(row.created_at as string).toISOString()).toBe(body.created_at);
    });

    it.each<[string, 'person' | 'company', Record<string, unknown>]>([
      [
        'a sub-field',
        'person',
        {
          svc_id: BRAM,
          issue_type: 'incorrect',
          issue_level: 'field',
          field: 'emails.address',
          correct_value: 'x@example.com',
        },
      ],
      [
        'a group',
        'person',
        {
          svc_id: MIRA,
          issue_type: 'misattributed',
          issue_level: 'group',
          field: 'experience',
          comment: 'not her job',
        },
      ],
      [
        'a frankenstein record',
        'person',
        { svc_id: MIRA, issue_type: 'frankenstein', issue_level: 'record', comment: 'two people' },
      ],
      [
        'a person who is not real',
        'person',
        { svc_id: BRAM, issue_type: 'not_a_real_person', issue_level: 'record', comment: 'fictional' },
      ],
      [
        'a duplicate value',
        'person',
        {
          svc_id: BRAM,
          issue_type: 'duplicate',
          issue_level: 'field',
          field: 'phones',
          comment: 'listed twice',
        },
      ],
      [
        'a company field',
        'company',
        {
          svc_id: TESSELLATE,
          issue_type: 'incorrect',
          issue_level: 'field',
          field: 'industry',
          correct_value: 'internet',
        },
      ],
      [
        'a company group',
        'company',
        {
          svc_id: TESSELLATE,
          issue_type: 'outdated',
          issue_level: 'group',
          field: 'metrics',
          comment: 'old counts',
        },
      ],
      [
        'a duplicate company record',
        'company',
        {
          svc_id: TESSELLATE.toUpperCase(),
          issue_type: 'duplicate',
          issue_level: 'record',
          field: null,
          comment: 'same as another',
        },
      ],
    ])('files %s', async (_label, subject, body) => {
      const res = await report(subject, body);
      expect(res.statusCode).toBe(200);
      const r = res.json();
      expect(r).toMatchObject({
        status: 'open',
        subject_type: subject,
        svc_id: String(body.svc_id).toLowerCase(),
      });
      expect(r.field).toBe(body.issue_level === 'record' ? null : body.field);
      const [row] = await sql<{ status: string; field: string | null }>(
        'SELECT status, field FROM reports WHERE id = $1',
        [r.report_id],
      );
      expect(row).toEqual({ status: 'open', field: r.field });
    });

    const ok = {
      svc_id: BRAM,
      issue_type: 'incorrect',
      issue_level: 'field',
      field: 'job_title',
      correct_value: 'cto',
    };
    it.each<[string, 'person' | 'company', Record<string, unknown>, string[], RegExp]>([
      [
        'frankenstein below record level',
        'person',
        { issue_type: 'frankenstein' },
        ['issue_level'],
        /must be "record"/,
      ],
      [
        'not_a_real_person below record level',
        'person',
        { issue_type: 'not_a_real_person', issue_level: 'group', field: 'identity' },
        ['issue_level'],
        /whole record/,
      ],
      [
        'not_a_real_person about a company',
        'company',
        { svc_id: TESSELLATE, issue_type: 'not_a_real_person', issue_level: 'record', field: undefined },
        ['issue_type'],
        /people only/,
      ],
      ['a field on a record-level report', 'person', { issue_level: 'record' }, ['field'], /omitted/],
      [
        'a group report without field',
        'person',
        { issue_level: 'group', field: undefined },
        ['field'],
        /required/,
      ],
      ['a field report without field', 'person', { field: undefined }, ['field'], /required/],
      [
        'an unknown group',
        'person',
        { issue_level: 'group', field: 'career' },
        ['field'],
        /not a person group/,
      ],
      [
        'a company group on a person',
        'person',
        { issue_level: 'group', field: 'metrics' },
        ['field'],
        /not a person group/,
      ],
      ['an unknown field', 'person', { field: 'job_titel' }, ['field'], /did you mean job_title/],
      ['confidence', 'person', { field: 'emails.confidence' }, ['field'], /metadata/],
      ['last_seen', 'person', { field: 'last_seen' }, ['field'], /metadata/],
      ['build_version', 'company', { svc_id: TESSELLATE, field: 'build_version' }, ['field'], /metadata/],
      ['an email hash', 'person', { field: 'emails.hash_md5' }, ['field'], /metadata/],
      ['num_sources', 'person', { field: 'num_sources' }, ['field'], /metadata/],
      [
        'neither correct_value nor comment',
        'person',
        { correct_value: undefined },
        ['correct_value'],
        /correct_value or comment/,
      ],
      [
        'a blank correct_value and comment',
        'person',
        { correct_value: '  ', comment: '' },
        ['correct_value'],
        /correct_value or comment/,
      ],
      ['an unknown svc_id', 'person', { svc_id: randomUUID() }, ['svc_id'], /matches no person record/],
      [
        'a company svc_id on the person path',
        'person',
        { svc_id: TESSELLATE },
        ['svc_id'],
        /matches no person record/,
      ],
      [
        'a person svc_id on the company path',
        'company',
        { field: 'industry' },
        ['svc_id'],
        /matches no company record/,
      ],
      ['a svc_id only in a sandbox build', 'person', { svc_id: '__sandbox__' }, ['svc_id'], /live data/],
      ['a svc_id that is no UUID', 'person', { svc_id: 'bram' }, ['svc_id'], /matches no person record/],
      ['svc_id missing', 'person', { svc_id: undefined }, ['svc_id'], /svc_id/],
      ['svc_id empty', 'person', { svc_id: '' }, ['svc_id'], /svc_id/],
      ['svc_id over 128 characters', 'person', { svc_id: 'a'.repeat(129) }, ['svc_id'], /128/],
      ['field over 128 characters', 'person', { field: 'a'.repeat(129) }, ['field'], /128/],
      [
        'observed_value over 1000 characters',
        'person',
        { observed_value: 'a'.repeat(1001) },
        ['observed_value'],
        /1000/,
      ],
      [
        'correct_value over 1000 characters',
        'person',
        { correct_value: 'a'.repeat(1001) },
        ['correct_value'],
        /1000/,
      ],
      ['comment over 2000 characters', 'person', { comment: 'a'.repeat(2001) }, ['comment'], /2000/],
      ['an unknown issue_type', 'person', { issue_type: 'wrong' }, ['issue_type'], /issue_type/],
      ['an unknown issue_level', 'person', { issue_level: 'section' }, ['issue_level'], /issue_level/],
      ['issue_type missing', 'person', { issue_type: undefined }, ['issue_type'], /issue_type/],
      ['a field that is not a string', 'person', { field: 7 }, ['field'], /string/],
      ['an unknown body property', 'person', { severity: 'high' }, ['severity'], /should not exist/],
    ])(
      'answers 422 for %s, naming the field, and stores nothing',
      async (_label, subject, patch, fields, message) => {
        const before = await count();
        const body = { ...ok, ...patch };
        if (body.svc_id === '__sandbox__') body.svc_id = sandboxOnly;
        const res = await report(subject, body);
        expect(res.statusCode).toBe(422);
        const json = res.json();
        expect(json.error).toBe('validation_failed');
        expect(problemFields(json)).toEqual(fields);
        expect(json.message).toMatch(message);
        expect(await count()).toBe(before);
      },
    );

    describe('a field the record lacks (null in the record)', () => {
      // A key of its own: reports are limited to 50 a minute per key.
      let key: string;
      beforeAll(async () => {
        key = (await seedKey(env.db.dataSource, gw.team.id)).key;
      });
      const reportSparse = (body: Record<string, unknown>) => gw.post('/utility/report/person', body, key);

      it('the loaded record serves the fields as null', async () => {
        const [{ record }] = await sql<{ record: Record<string, unknown> }>(
          'SELECT record FROM person_records WHERE build_id = $1 AND svc_id = $2',
          [LIVE_BUILD, SPARSE],
        );
        for (const f of [...SPARSE_NULL_FIELDS, 'netx_followers']) expect([f, record[f]]).toEqual([f, null]);
        const experience = record.experience as Record<string, unknown>[];
        expect([experience[0].title, experience[0].organization, experience[1].description]).toEqual([
          null,
          null,
          null,
        ]);
      });

      it.each<[string, Record<string, unknown>]>([
        ['a null field, no observed_value', { field: 'job_title', correct_value: 'staff engineer' }],
        [
          'a null field, observed_value null',
          { field: 'work_email', observed_value: null, correct_value: 'dana@example.com' },
        ],
        [
          'a null field, observed_value blank',
          { field: 'city', observed_value: '  ', comment: 'she lives in oakland' },
        ],
        ['a field absent from the input file', { field: 'netx_followers', comment: 'about 800 followers' }],
        [
          'a sub-field of a null object',
          { field: 'headline.cleaned', correct_value: 'staff engineer at acme' },
        ],
        ['a null whole object', { field: 'summary', comment: 'has a summary on her profile' }],
        [
          'a sub-field under a null element part',
          { field: 'experience.organization.name', issue_type: 'outdated', comment: 'employer missing' },
        ],
        [
          'a null sub-field of a list',
          { field: 'experience.title', correct_value: 'senior software engineer' },
        ],
        [
          'a null field, an observed value the record does not hold',
          { field: 'birth_date', observed_value: '1988-04-17', correct_value: '1988-04-18' },
        ],
        ['the group of a null field', { issue_level: 'group', field: 'locations', comment: 'city missing' }],
      ])('accepts a report on %s', async (_label, patch) => {
        const body: Record<string, unknown> = {
          svc_id: SPARSE,
          issue_type: 'incorrect',
          issue_level: 'field',
          ...patch,
        };
        const res = await reportSparse(body);
        expect(res.statusCode).toBe(200);
        const r = res.json();
        expect(r).toMatchObject({
          status: 'open',
          subject_type: 'person',
          svc_id: SPARSE,
          issue_level: body.issue_level,
          field: body.field,
        });
        const [row] = await sql<Record<string, unknown>>(
          'SELECT field, observed_value, correct_value, comment FROM reports WHERE id = $1',
          [r.report_id],
        );
        const observed = typeof body.observed_value === 'string' ? body.observed_value.trim() || null : null;
        expect(row).toEqual({
          field: body.field,
          observed_value: observed,
          correct_value: body.correct_value ?? null,
          comment: body.comment ?? null,
        });
      });

      it('accepts a field report without observed_value on a record that has the value too', async () => {
        const res = await reportSparse({
          svc_id: BRAM,
          issue_type: 'incorrect',
          issue_level: 'field',
          field: 'job_title',
          correct_value: 'principal engineer',
        });
        expect(res.statusCode).toBe(200);
      });

      it('still refuses what would be refused on a filled record (metadata, unknown paths, no correction)', async () => {
        const base = { svc_id: SPARSE, issue_type: 'incorrect', issue_level: 'field' };
        for (const [patch, fields] of [
          [{ field: 'job_title' }, ['correct_value']],
          [{ field: 'headline.raw', comment: 'x' }, ['field']],
          [{ field: 'headline.clean', comment: 'x' }, ['field']],
          [{ field: 'observed_value', comment: 'x' }, ['field']],
        ] as [Record<string, unknown>, string[]][]) {
          const res = await reportSparse({ ...base, ...patch });
          expect([patch, res.statusCode]).toEqual([patch, 422]);
          expect(problemFields(res.json())).toEqual(fields);
        }
      });
    });

    it('names every broken rule of one request at once', async () => {
      const res = await report('company', {
        svc_id: TESSELLATE,
        issue_type: 'not_a_real_person',
        issue_level: 'field',
        field: 'confidence',
      });
      expect(res.statusCode).toBe(422);
      expect(problemFields(res.json())).toEqual(['issue_type', 'issue_level', 'field', 'correct_value']);
    });
  });

  describe('reports:* commands', () => {
    const cli = async (...args: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = await runCli(['node', 'svc-cli', ...args], {
        env: { ...process.env, ...schemaEnv(env.db.config), LOG_LEVEL: 'silent' },
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
      });
      return { code, stderr, json: code === 0 ? JSON.parse(stdout) : undefined };
    };
    const file = async (subject: 'person' | 'company', svcId: string) =>
      (
        await report(subject, {
          svc_id: svcId,
          issue_type: 'incorrect',
          issue_level: 'record',
          comment: 'check',
        })
      ).json().report_id as number;

    it('lists reports newest first, by status and subject', async () => {
      const companyReport = await file('company', TESSELLATE);
      const all = await cli('reports:list');
      expect(all.code).toBe(0);
      expect(all.json.count).toBe(await count());
      expect(all.json.reports[0]).toMatchObject({
        report_id: companyReport,
        status: 'open',
        subject_type: 'company',
      });
      const companies = await cli('reports:list', '--subject', 'company', '--status', 'open');
      expect(
        companies.json.reports.every((r: { subject_type: string }) => r.subject_type === 'company'),
      ).toBe(true);
      expect(companies.json.reports.map((r: { report_id: number }) => r.report_id)).toContain(companyReport);
      const limited = await cli('reports:list', '--limit', '1');
      expect(limited.json.count).toBe(1);
    });

    it('moves a report open → in_review → resolved with a note, and refuses to reopen a final one', async () => {
      const id = await file('person', MIRA);
      const review = await cli('reports:review', '--id', String(id));
      expect(review.code).toBe(0);
      expect(review.json).toMatchObject({ report_id: id, status: 'in_review', resolved_at: null });

      const resolved = await cli(
        'reports:resolve',
        '--id',
        String(id),
        '--status',
        'resolved',
        '--note',
        'fixed in next build',
      );
      expect(resolved.code).toBe(0);
      expect(resolved.json).toMatchObject({ status: 'resolved', resolution_note: 'fixed in next build' });
      const [row] = await sql<{ status: string; resolved_at: Date | null; resolution_note: string }>(
        'SELECT status, resolved_at, resolution_note FROM reports WHERE id = $1',
        [id],
      );
      expect(row.status).toBe('resolved');
      expect(row.resolved_at).toBeInstanceOf(Date);

      const again = await cli('reports:resolve', '--id', String(id), '--status', 'rejected');
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is resolved and cannot become rejected: resolved is final/);
      const back = await cli('reports:review', '--id', String(id));
      expect(back.code).toBe(1);
      const listed = await cli('reports:list', '--status', 'resolved');
      expect(listed.json.reports.map((r: { report_id: number }) => r.report_id)).toContain(id);
    });

    it('rejects straight from open', async () => {
      const id = await file('person', BRAM);
      const rejected = await cli('reports:resolve', '--id', String(id), '--status', 'rejected');
      expect(rejected.json).toMatchObject({ report_id: id, status: 'rejected', resolution_note: null });
    });

    // Commander reports a missing required option itself (on the process's stderr), so only its exit code is checked.
    it.each<[string[], number, RegExp | null]>([
      [['reports:resolve', '--id', '1', '--status', 'open'], 2, /--status must be one of resolved, rejected/],
      [['reports:resolve', '--id', 'x', '--status', 'resolved'], 2, /--id must be a positive integer/],
      [['reports:resolve', '--status', 'resolved'], 2, null],
      [
        ['reports:list', '--status', 'done'],
        2,
        /--status must be one of open, in_review, resolved, rejected/,
      ],
      [['reports:list', '--subject', 'team'], 2, /--subject must be one of person, company/],
      [['reports:resolve', '--id', '999999', '--status', 'resolved'], 1, /report 999999 not found/],
    ])('refuses %j with exit %d', async (args, code, message) => {
      const res = await cli(...args);
      expect(res.code).toBe(code);
      if (message) expect(res.stderr).toMatch(message);
    });
  });
});
