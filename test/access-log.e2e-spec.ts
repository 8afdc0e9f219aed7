import { seedTeam, type SeededTeam } from '@app/testing';
import {
  accessLogFor,
  type AccessLogPurge,
  dayPartitions,
  monthPartition,
  partitionsAhead,
  purgeAccessLog,
} from '@app/store';
import { AccessLogPurgeService } from '../apps/gateway/src/access-log';
import { captureEnvCli } from './cli/capture';
import { bootGateway } from './gateway';
import { call } from './mcp/client';
import { SANDBOX_PERSON, startMcpSuite } from './mcp/suite';
import { sharedFixture } from './shared-fixture';

const DAY_MS = 86_400_000;

interface Row {
  svc_id: string;
  entity: string;
  team_id: number;
  api_key_id: number | null;
  endpoint: string;
  request_id: string | null;
}

type Matches = { matches: Array<Record<string, { svc_id: string }>> };
const idsOf = (body: unknown, entity = 'person') => (body as Matches).matches.map((m) => m[entity].svc_id);

/** Who was given which record (docs/access-log.md): one row per record a paying caller got. */
describe('access log', () => {
  const s = sharedFixture(startMcpSuite, 180_000);
  const rows = (teamId: number) =>
    s.sql<Row>(
      `SELECT svc_id::text, entity, team_id, api_key_id, endpoint, request_id FROM access_log
        WHERE team_id = $1 ORDER BY endpoint, svc_id`,
      [teamId],
    );
  /** The rows one response should have written: its records, its team and key, the endpoint. */
  const expected = (
    team: SeededTeam,
    endpoint: string,
    ids: string[],
    requestId: string | null,
    entity = 'person',
  ) =>
    ids.map((svc_id) => ({
      svc_id,
      entity,
      team_id: team.id,
      api_key_id: team.keyId,
      endpoint,
      request_id: requestId,
    }));
  const sorted = (list: Row[]) =>
    [...list].sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.svc_id.localeCompare(b.svc_id));
  const get = (url: string, key: string) =>
    s.stack.gateway
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url, headers: { 'api-key': key } });

  it('writes one row per record returned over HTTP: enrich, GET, bulk, search, discover', async () => {
    const team = await seedTeam(s.env.db.dataSource, { credits: 1000 });
    const want: Row[] = [];
    const served = async (
      endpoint: string,
      res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
      entity = 'person',
    ) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const ids = endpoint.endsWith('_bulk')
        ? (body as { results: Matches[] }).results.flatMap((r) =>
            (r.matches ?? []).map((m) => m[entity].svc_id),
          )
        : idsOf(body, entity);
      expect(ids.length).toBeGreaterThan(0);
      expect(res.headers['x-credits-charged']).toBe(String(ids.length));
      want.push(...expected(team, endpoint, ids, String(res.headers['x-request-id']), entity));
    };
    await served('person_enrich', await s.http('/person/enrich', { email: s.live.email }, team.key));
    await served('person_enrich', await get(`/person/enrich?svc_id=${s.live.person}`, team.key));
    await served(
      'person_bulk',
      await s.http(
        '/person/enrich/bulk',
        {
          requests: [{ email: s.live.email }, { svc_id: s.live.person }, { email: 'nobody@nowhere.example' }],
        },
        team.key,
      ),
    );
    await served(
      'company_enrich',
      await s.http('/company/enrich', { svc_id: s.live.company }, team.key),
      'company',
    );
    await served(
      'person_search',
      await s.http(
        '/person/search',
        { query: `SELECT * FROM people WHERE city = '${s.live.city}'`, limit: 5 },
        team.key,
      ),
    );
    await served(
      'person_discover',
      await s.http('/person/discover', { query: `people in ${s.live.city}`, limit: 3 }, team.key),
    );
    expect(await rows(team.id)).toEqual(sorted(want));
  });

  it('logs the records even when the caller shaped svc_id away', async () => {
    const team = await seedTeam(s.env.db.dataSource, { credits: 100 });
    const single = await s.http(
      '/person/enrich',
      { email: s.live.email, exclude_fields: 'svc_id' },
      team.key,
    );
    const bulk = await s.http(
      '/person/enrich/bulk',
      { requests: [{ svc_id: s.live.person }], include_fields: 'full_name' },
      team.key,
    );
    expect([single.statusCode, bulk.statusCode]).toEqual([200, 200]);
    const shown = [
      (single.json() as Matches).matches[0].person,
      (bulk.json() as { results: Matches[] }).results[0].matches[0].person,
    ];
    expect(shown.map((p) => p.svc_id)).toEqual([undefined, undefined]);
    expect((await rows(team.id)).map((r) => [r.endpoint, r.svc_id])).toEqual([
      ['person_bulk', s.live.person],
      ['person_enrich', s.live.person],
    ]);
  });

  it('names a tool call mcp:<tool>, one row per record it returns', async () => {
    const team = await seedTeam(s.env.db.dataSource, { credits: 1000 });
    const mcp = await s.connect(team.key);
    const got: Array<[string, string[]]> = [];
    const enrich = await call(mcp, 'enrich_person', { email: s.live.email });
    got.push(['mcp:enrich_person', idsOf(enrich.structured)]);
    const search = await call(mcp, 'search_people', {
      query: `SELECT * FROM people WHERE city = '${s.live.city}'`,
      limit: 4,
    });
    got.push(['mcp:search_people', idsOf(search.structured)]);
    const bulk = await call(mcp, 'enrich_people_bulk', { requests: [{ svc_id: s.live.person }] });
    got.push(['mcp:enrich_people_bulk', [s.live.person]]);
    const discover = await call(mcp, 'discover_people', { query: `people in ${s.live.city}`, limit: 2 });
    got.push(['mcp:discover_people', idsOf(discover.structured)]);
    for (const r of [enrich, search, bulk, discover]) expect(r.isError).toBe(false);
    const logged = await rows(team.id);
    expect(logged.map((r) => [r.endpoint, r.svc_id])).toEqual(
      got
        .flatMap(([endpoint, ids]) => ids.map((id) => [endpoint, id]))
        .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1])),
    );
    expect(logged.every((r) => r.team_id === team.id && r.api_key_id === team.keyId && r.request_id)).toBe(
      true,
    );
  });

  it('writes nothing for the sandbox, a request that matched no one, or a refused charge', async () => {
    const team = await seedTeam(s.env.db.dataSource, { credits: 1 });
    const sandbox = await s.http('/sandbox/person/enrich', { svc_id: SANDBOX_PERSON.svc_id }, team.key);
    expect(sandbox.statusCode).toBe(200);
    const mcpSandbox = await call(await s.connect(team.key), 'enrich_person', {
      svc_id: SANDBOX_PERSON.svc_id,
      sandbox: true,
    });
    expect(mcpSandbox.isError).toBe(false);
    const none = await s.http('/person/enrich', { email: 'nobody@nowhere.example' }, team.key);
    expect([none.statusCode, none.json()]).toEqual([200, { matches: [], total: 0 }]);
    const refused = await s.http(
      '/person/enrich/bulk',
      { requests: [{ email: s.live.email }, { svc_id: s.live.person }] },
      team.key,
    );
    expect(refused.statusCode).toBe(402);
    expect(await rows(team.id)).toEqual([]);
  });

  it('writes nothing with ACCESS_LOG=off', async () => {
    const team = await seedTeam(s.env.db.dataSource, { credits: 10 });
    const off = await bootGateway({ ...s.env.config, accessLog: { enabled: false, retentionDays: 90 } });
    try {
      const res = await off
        .getHttpAdapter()
        .getInstance()
        .inject({
          method: 'POST',
          url: '/person/enrich',
          headers: { 'api-key': team.key },
          payload: { email: s.live.email },
        });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-credits-charged']).toBe('1');
    } finally {
      await off.close();
    }
    expect(await rows(team.id)).toEqual([]);
  });

  describe('retention', () => {
    const ds = () => s.env.db.dataSource;
    /** Every partition under access_log, months and days, and whether it has an index. */
    const partitions = async () =>
      new Map(
        (
          await s.sql<{ name: string; indexed: boolean }>(
            `WITH RECURSIVE tree AS (
               SELECT inhrelid AS oid FROM pg_inherits WHERE inhparent = 'access_log'::regclass
               UNION ALL SELECT i.inhrelid FROM pg_inherits i JOIN tree t ON i.inhparent = t.oid)
             SELECT c.relname AS name, EXISTS (SELECT FROM pg_index x WHERE x.indrelid = c.oid) AS indexed
               FROM tree JOIN pg_class c ON c.oid = tree.oid`,
          )
        ).map((r) => [r.name, r.indexed]),
      );
    const dayOf = (at: Date) => dayPartitions(monthPartition(at)).find((d) => d.to > at)!.name;
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const insert = (teamId: number, at: Date[]) =>
      s.sql(
        `INSERT INTO access_log (at, svc_id, entity, team_id, api_key_id, endpoint, request_id)
         SELECT t, $2, 'person', $1, NULL, 'person_enrich', 'old' FROM unnest($3::timestamptz[]) t`,
        [teamId, s.live.person, at.map((d) => d.toISOString())],
      );
    const ages = async (teamId: number) =>
      (
        await s.sql<{ days: number }>(
          `SELECT floor(extract(epoch FROM now() - at) / 86400)::int AS days FROM access_log WHERE team_id = $1 ORDER BY at`,
          [teamId],
        )
      ).map((r) => r.days);

    it('has this month and the next as partitions, each by day, and a default one', async () => {
      const now = new Date();
      const [month, next] = partitionsAhead(now);
      const existing = await partitions();
      for (const p of [month, next, ...dayPartitions(month), ...dayPartitions(next)])
        expect([p.name, existing.has(p.name)]).toEqual([p.name, true]);
      expect(existing.has('access_log_default')).toBe(true);
      // Today's rows are not indexed while billed calls write them.
      expect(existing.get(dayOf(now))).toBe(false);
    });

    it('purges what is older than ACCESS_LOG_RETENTION_DAYS: old months and days dropped, the boundary trimmed, newer rows kept', async () => {
      const team = await seedTeam(ds(), { credits: 0 });
      // The months of 95 and 200 days ago as they would have been made then (in this order, so
      // neither run purges anything the rows below need).
      await purgeAccessLog(ds(), 90, ago(95));
      const then = await purgeAccessLog(ds(), 90, ago(200));
      expect(then?.created).toEqual(partitionsAhead(ago(200)).map((p) => p.name));
      // 150 days ago is in no month made above, so the default partition holds it.
      const rows = [200, 170, 150, 120, 91, 90.5, 89.5, 89, 30, 0.01];
      await insert(team.id, rows.map(ago));
      const run = await captureEnvCli(s.env)(['privacy:purge-access-log']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const done = JSON.parse(run.stdout) as AccessLogPurge & { retention_days: number };
      expect(done.retention_days).toBe(90);
      const cutoff = new Date(done.cutoff);
      const pastDays = dayPartitions(monthPartition(cutoff)).filter((d) => d.to <= cutoff);
      const existing = await partitions();
      for (const p of [...partitionsAhead(ago(200)), ...pastDays]) expect(existing.has(p.name)).toBe(false);
      expect(existing.has(dayOf(cutoff))).toBe(true);
      expect(done.deleted).toBeGreaterThanOrEqual(1); // 150 days, from the default partition
      expect(await ages(team.id)).toEqual([89, 89, 30, 0]);
    });

    it('indexes each day that is over, once', async () => {
      // Half a month from now, every day of this month and the first half of the next is over.
      const [, next] = partitionsAhead(new Date());
      const mid = new Date(next.from.getTime() + 14.5 * DAY_MS);
      const done = await purgeAccessLog(ds(), 90, mid);
      const existing = await partitions();
      const over = [...dayPartitions(monthPartition(new Date())), ...dayPartitions(next).slice(0, 14)];
      for (const d of over) expect([d.name, existing.get(d.name)]).toEqual([d.name, true]);
      expect(existing.get(dayOf(mid))).toBe(false);
      expect(done?.indexed).toEqual(expect.arrayContaining(over.slice(-3).map((d) => d.name)));
      expect((await purgeAccessLog(ds(), 90, mid))?.indexed).toEqual([]);
      // The subject report reads indexed days and the day in progress alike.
      const team = await seedTeam(ds(), { credits: 0 });
      await insert(team.id, [new Date(mid.getTime() - DAY_MS), mid]);
      const read = await accessLogFor(ds(), [s.live.person]);
      expect(read.filter((r) => r.team_id === team.id).map((r) => r.at)).toEqual([
        new Date(mid.getTime() - DAY_MS).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'),
        mid.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'),
      ]);
    });

    it('runs in one gateway at a time, and moves rows the default partition caught into their new month', async () => {
      const team = await seedTeam(ds(), { credits: 0 });
      const purge = s.stack.gateway.get(AccessLogPurgeService);
      const ahead = new Date(Date.now() + 75 * DAY_MS);
      await insert(team.id, [ahead]);
      const lock = ds().createQueryRunner();
      await lock.connect();
      try {
        await lock.query('SELECT pg_advisory_lock(hashtext($1))', [
          `svc:access-log-purge:${s.env.db.schema}`,
        ]);
        expect(await purge.purge(ahead)).toBeNull();
      } finally {
        await lock.query('SELECT pg_advisory_unlock_all()');
        await lock.release();
      }
      const moved = await purge.purge(ahead);
      expect(moved?.created).toContain(monthPartition(ahead).name);
      const [where] = await s.sql<{ part: string }>(
        `SELECT tableoid::regclass::text AS part FROM access_log WHERE team_id = $1`,
        [team.id],
      );
      expect(where.part).toBe(dayOf(ahead));
    });
  });
});
