/**
 * POST /utility/report/{person,company} through the real gateway, against the sandbox records
 * loaded as the live build: what is filed and stored, and what is refused. The spec's siblings:
 * utilities-reports-sparse (fields the record lacks), utilities-reports-cli (the reports:* commands).
 */
import { randomUUID } from 'node:crypto';
import { problemFields } from '@app/testing';
import { BRAM, LIVE_BUILD, MIRA, startReportsSuite, TESSELLATE } from './reports/suite';
import { sharedFixture } from './shared-fixture';

describe('data-issue reports', () => {
  const s = sharedFixture(startReportsSuite);

  describe('POST /utility/report/person and /company', () => {
    it('files a field-level report and stores it with its build and reporter', async () => {
      const res = await s.report('person', {
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
      const [row] = await s.sql<Record<string, unknown>>('SELECT * FROM reports WHERE id = $1', [
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
        api_key_id: s.gw.team.keyId,
        team_id: s.gw.team.id,
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
      const res = await s.report(subject, body);
      expect(res.statusCode).toBe(200);
      const r = res.json();
      expect(r).toMatchObject({
        status: 'open',
        subject_type: subject,
        svc_id: String(body.svc_id).toLowerCase(),
      });
      expect(r.field).toBe(body.issue_level === 'record' ? null : body.field);
      const [row] = await s.sql<{ status: string; field: string | null }>(
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
        const before = await s.count();
        const body = { ...ok, ...patch };
        if (body.svc_id === '__sandbox__') body.svc_id = s.sandboxOnly;
        const res = await s.report(subject, body);
        expect(res.statusCode).toBe(422);
        const json = res.json();
        expect(json.error).toBe('validation_failed');
        expect(problemFields(json)).toEqual(fields);
        expect(json.message).toMatch(message);
        expect(await s.count()).toBe(before);
      },
    );

    it('names every broken rule of one request at once', async () => {
      const res = await s.report('company', {
        svc_id: TESSELLATE,
        issue_type: 'not_a_real_person',
        issue_level: 'field',
        field: 'confidence',
      });
      expect(res.statusCode).toBe(422);
      expect(problemFields(res.json())).toEqual(['issue_type', 'issue_level', 'field', 'correct_value']);
    });
  });
});
