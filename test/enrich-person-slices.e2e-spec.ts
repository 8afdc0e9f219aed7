import { DataSource } from 'typeorm';
import { type StoredSlice } from '@app/matching';
import { EnrichHarness, LIVE_BUILD } from './enrich/harness';
import { HARNESS_TIMEOUT_MS, personHarness, personHelpers } from './enrich/person';

/** The scoring slices Postgres cuts out of each record, and how the gateway plans its statements. */
describe('person enrichment', () => {
  let h: EnrichHarness;
  const { enrich } = personHelpers(() => h);

  beforeAll(async () => {
    h = await personHarness();
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => h?.close());

  describe('scoring slices', () => {
    interface Row {
      svc_id: string;
      record: Record<string, unknown>;
      match_slice: StoredSlice;
    }
    // An independent reading of the record, as jsonb `->>` reads it ('' for NULL): the oracle
    // for the slice Postgres generates when the row is written.
    type Json = unknown;
    const member = (v: Json, k: string): Json =>
      v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Json>)[k] : undefined;
    const text = (v: Json): string =>
      v === undefined || v === null
        ? ''
        : typeof v === 'string'
          ? v
          : typeof v === 'object'
            ? JSON.stringify(v)
            : String(v);
    const list = (v: Json): Json[] => (Array.isArray(v) ? v : []);
    const org = (x: Json) => member(x, 'organization');
    const expected = (r: Record<string, Json>): StoredSlice => ({
      middle_name: text(r.middle_name),
      birth_date: text(r.birth_date),
      locations: list(r.locations).map((l) => [
        text(member(l, 'city')),
        text(member(l, 'state_code')),
        text(member(l, 'country_code')),
        text(member(l, 'postal_code')),
        member(l, 'current') === true,
      ]),
      jobs: list(r.experience).map((e) => [
        text(member(member(org(e), 'name'), 'cleaned')),
        text(member(org(e), 'website')),
        text(member(org(e), 'netx_url')),
        text(member(member(e, 'title'), 'cleaned')),
        member(e, 'current') === true,
      ]),
      schools: list(r.education).map((e) => [
        text(member(member(org(e), 'name'), 'cleaned')),
        text(member(org(e), 'website')),
        text(member(org(e), 'netx_url')),
      ]),
    });

    it('are cut out of each record by Postgres when it is written', async () => {
      const rows = await h.sql<Row>(
        `SELECT svc_id::text, record, match_slice FROM person_records WHERE build_id = $1`,
        [LIVE_BUILD],
      );
      expect(rows).toHaveLength(h.people.length);
      for (const r of rows) expect(r.match_slice).toEqual(expected(r.record));
      // Most generated people have jobs and places (sparse records: not all): the slice is not trivially empty.
      expect(
        rows.filter((r) => r.match_slice.locations.length > 0 && r.match_slice.jobs.length > 0).length,
      ).toBeGreaterThan(rows.length / 2);
    });

    it('read missing, null and non-string values the way the record does', async () => {
      const svcId = '00000000-0000-4000-8000-00000000e2e5';
      const record = {
        middle_name: null,
        birth_date: 19900101,
        locations: [{ city: 'austin', postal_code: 78701, current: 'yes' }, null, 'x', { current: true }],
        experience: [
          { organization: null, title: { cleaned: null } },
          { organization: { name: 'flat' } },
          {},
        ],
        education: 'not a list',
      };
      await h.sql(
        `INSERT INTO person_records (build_id, svc_id, record, record_json, first_name, last_name) VALUES ($1, $2, $3::text::jsonb, $3::text, $4, $5)`,
        [LIVE_BUILD, svcId, record, null, 'odd'],
      );
      try {
        const [row] = await h.sql<Row>(
          `SELECT svc_id::text, record, match_slice FROM person_records WHERE build_id = $1 AND svc_id = $2`,
          [LIVE_BUILD, svcId],
        );
        expect(row.match_slice).toEqual(expected(record));
        expect(row.match_slice).toEqual({
          middle_name: '',
          birth_date: '19900101',
          locations: [
            ['austin', '', '', '78701', false],
            ['', '', '', '', false],
            ['', '', '', '', false],
            ['', '', '', '', true],
          ],
          jobs: [
            ['', '', '', '', false],
            ['', '', '', '', false],
            ['', '', '', '', false],
          ],
          schools: [],
        });
      } finally {
        await h.sql(`DELETE FROM person_records WHERE build_id = $1 AND svc_id = $2`, [LIVE_BUILD, svcId]);
      }
    });

    it('answer a repeated name query the same way once its candidates are cached', async () => {
      const [{ last_name, country_code }] = await h.sql<{ last_name: string; country_code: string }>(
        `SELECT last_name, country_code FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL AND country_code IS NOT NULL
          GROUP BY 1, 2 HAVING count(*) = 2 ORDER BY 1 DESC, 2 LIMIT 1`,
        [LIVE_BUILD],
      );
      const body = { last_name, country: country_code, multiple_results: true, size: 10 };
      const first = await enrich(body, h.enterprise.key);
      const again = await enrich(body, h.enterprise.key);
      expect(first.body.total).toBeGreaterThan(1);
      expect(again.body).toEqual(first.body);
    });
  });

  it("plans the gateway's statements once per connection (generic plans; docs/decisions.md)", async () => {
    const db = h.app.get(DataSource);
    const rows = (await db.query('SHOW plan_cache_mode')) as Array<{ plan_cache_mode: string }>;
    expect(rows[0].plan_cache_mode).toBe('force_generic_plan');
    const cli = (await h.sql<{ plan_cache_mode: string }>('SHOW plan_cache_mode'))[0];
    expect(cli.plan_cache_mode).toBe('auto');
  });
});
