/** Reports on the fields a sparse live record lacks (null in the record), through the real gateway. */
import { problemFields, seedKey } from '@app/testing';
import { BRAM, LIVE_BUILD, SPARSE, SPARSE_NULL_FIELDS, startReportsSuite } from './reports/suite';
import { sharedFixture } from './shared-fixture';

describe('data-issue reports', () => {
  const s = sharedFixture(startReportsSuite);

  describe('POST /utility/report/person and /company', () => {
    describe('a field the record lacks (null in the record)', () => {
      // A key of its own: reports are limited to 50 a minute per key.
      let key: string;
      beforeAll(async () => {
        key = (await seedKey(s.env.db.dataSource, s.gw.team.id)).key;
      });
      const reportSparse = (body: Record<string, unknown>) => s.gw.post('/utility/report/person', body, key);

      it('the loaded record serves the fields as null', async () => {
        const [{ record }] = await s.sql<{ record: Record<string, unknown> }>(
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
        const [row] = await s.sql<Record<string, unknown>>(
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
        const [row] = await s.sql<Record<string, unknown>>(
          'SELECT svc_id, build_id, field, observed_value, correct_value, status FROM reports WHERE id = $1',
          [res.json().report_id],
        );
        expect(row).toEqual({
          svc_id: BRAM,
          build_id: LIVE_BUILD,
          field: 'job_title',
          observed_value: null,
          correct_value: 'principal engineer',
          status: 'open',
        });
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
  });
});
