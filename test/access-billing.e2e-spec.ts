import { randomUUID } from 'node:crypto';
import { grantCredits } from '@app/store';
import {
  balanceOf,
  expectErrorResponse,
  HttpHarness,
  Inject,
  injector,
  seedTeam,
  TestEnvironment,
} from '@app/testing';
import { CHARGE } from '../libs/store/src/charges';
import { handlerRuns, PROBE_CONTROLLERS } from './access/probe.controllers';
import { bootGateway, gatewayHarness } from './gateway';

interface LedgerRow {
  delta: number;
  reason: string;
  api_key_id: number;
  request_id: string;
}
interface UsageRow {
  endpoint: string;
  api_key_id: number;
  request_id: string;
  match_count: number;
  credits: number;
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86400000).toISOString().slice(0, 10);

/** Credits, usage and the 402s through the real gateway and Postgres. */
describe('access: credits and usage', () => {
  let h: HttpHarness;
  let env: TestEnvironment;
  let inject: Inject;

  const billed = (key: string, matches: number, url = '/probe/billed', extra: object = {}) =>
    inject({ method: 'POST', url, payload: { matches, ...extra }, headers: { 'api-key': key } });
  const sql = <T>(query: string, params: unknown[]): Promise<T[]> => env.db.dataSource.query(query, params);
  const ledger = (teamId: number) =>
    sql<LedgerRow>(
      `SELECT delta, reason, api_key_id, request_id FROM credit_ledger WHERE team_id = $1 ORDER BY id`,
      [teamId],
    );
  const usage = (teamId: number) =>
    sql<UsageRow>(
      `SELECT endpoint, api_key_id, request_id, match_count, credits FROM usage WHERE team_id = $1 ORDER BY id`,
      [teamId],
    );

  beforeAll(async () => {
    h = await gatewayHarness({ variables: { REDIS_URL: '' }, controllers: PROBE_CONTROLLERS });
    ({ env, request: inject } = h);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('charges one credit per match with a ledger row and a usage row, and says so in headers', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    const res = await billed(team.key, 3);
    expect(res.statusCode).toBe(200);
    expect(res.json().matches).toHaveLength(3);
    expect(res.headers['x-credits-charged']).toBe('3');
    expect(res.headers['x-credits-remaining']).toBe('7');
    const requestId = res.headers['x-request-id'];
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(7);
    expect((await ledger(team.id)).slice(1)).toEqual([
      { delta: -3, reason: 'match', api_key_id: team.keyId, request_id: requestId },
    ]);
    expect(await usage(team.id)).toEqual([
      {
        endpoint: '/probe/billed',
        api_key_id: team.keyId,
        request_id: requestId,
        match_count: 3,
        credits: 3,
      },
    ]);
  });

  it('gives every charge its own id, unique per team, even when calls share an X-Request-Id', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    const send = (matches: number) =>
      inject({
        method: 'POST',
        url: '/probe/billed',
        payload: { matches },
        headers: { 'api-key': team.key, 'x-request-id': 'client-retry-7' },
      });
    for (const matches of [2, 3, 0]) expect((await send(matches)).statusCode).toBe(200);
    const charges = await sql<{ request_id: string; charge_id: string; delta: number }>(
      `SELECT request_id, charge_id, delta FROM credit_ledger WHERE team_id = $1 AND reason = 'match' ORDER BY id`,
      [team.id],
    );
    expect(charges.map((c) => [c.request_id, c.delta])).toEqual([
      ['client-retry-7', -2],
      ['client-retry-7', -3],
    ]);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const c of charges) expect(c.charge_id).toMatch(uuid);
    expect(charges[0].charge_id).not.toBe(charges[1].charge_id);
    // Each call's usage row names its charge; the zero-match call has one too, without a ledger row.
    const used = await sql<{ charge_id: string; credits: number }>(
      `SELECT charge_id, credits FROM usage WHERE team_id = $1 ORDER BY id`,
      [team.id],
    );
    expect(used.map((u) => [u.charge_id, u.credits])).toEqual([
      [charges[0].charge_id, 2],
      [charges[1].charge_id, 3],
      [expect.stringMatching(uuid), 0],
    ]);
    expect(new Set(used.map((u) => u.charge_id)).size).toBe(3);
    // The ledger itself refuses a second row for one charge of one team.
    await expect(
      sql(`INSERT INTO credit_ledger (team_id, delta, reason, charge_id) VALUES ($1, -1, 'match', $2)`, [
        team.id,
        charges[0].charge_id,
      ]),
    ).rejects.toThrow(/uq_credit_ledger_team_charge/);
  });

  it('records a call without matches as usage costing nothing, with no ledger row', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 5 });
    const res = await billed(team.key, 0);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-credits-charged']).toBe('0');
    expect(res.headers['x-credits-remaining']).toBe('5');
    expect(await ledger(team.id)).toHaveLength(1); // the opening grant only
    expect(await usage(team.id)).toEqual([expect.objectContaining({ match_count: 0, credits: 0 })]);
  });

  it('bills the handler result, not the shaped or pretty-printed body', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    const res = await billed(team.key, 2, '/probe/billed', { pretty: true, include_fields: 'full_name' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('\n  "matches"');
    expect(res.json().matches[0].person).toEqual({ full_name: 'person 0' });
    expect(res.headers['x-credits-charged']).toBe('2');
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(8);
  });

  it('lets a handler mark a response free: nothing charged, nothing recorded', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 3 });
    const res = await billed(team.key, 0, '/probe/free-page');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-credits-charged']).toBe('0');
    expect(res.headers['x-credits-remaining']).toBeUndefined();
    expect(await usage(team.id)).toEqual([]);
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(3);
  });

  it('bills the GET form of an endpoint under the same scope, and refuses HEAD on it', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 5 });
    const res = await inject({ method: 'GET', url: '/probe/billed', headers: { 'api-key': team.key } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-credits-charged']).toBe('1');
    const head = await inject({ method: 'HEAD', url: '/probe/billed', headers: { 'api-key': team.key } });
    expect(head.statusCode).toBe(405);
    expect(head.headers['x-credits-charged']).toBeUndefined();
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(4);
    expect((await usage(team.id)).map((u) => u.endpoint)).toEqual(['/probe/billed']);
  });

  it('does not bill or count unbilled endpoints (reports, utilities)', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 0 });
    const res = await inject({
      method: 'POST',
      url: '/probe/free',
      payload: {},
      headers: { 'api-key': team.key },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-credits-charged']).toBeUndefined();
    expect(await usage(team.id)).toEqual([]);
  });

  describe('402', () => {
    it('answers a team without credits before doing the work', async () => {
      const team = await seedTeam(env.db.dataSource, { credits: 0 });
      const runs = handlerRuns.billed;
      const body = expectErrorResponse(await billed(team.key, 1), 402, 'insufficient_credits');
      expect(body.details).toEqual({ credits_required: 1, credits_balance: 0 });
      expect(handlerRuns.billed).toBe(runs);
      expect(await usage(team.id)).toEqual([]);
    });

    it('answers a request whose matches exceed the balance and charges nothing', async () => {
      const team = await seedTeam(env.db.dataSource, { credits: 4 });
      const body = expectErrorResponse(await billed(team.key, 5), 402, 'insufficient_credits');
      expect(body.details).toEqual({ credits_balance: 4 }); // no match count: billing-disclosure
      expect(await balanceOf(env.db.dataSource, team.id)).toBe(4);
      expect(await ledger(team.id)).toHaveLength(1);
      expect(await usage(team.id)).toEqual([]);
      expect((await billed(team.key, 4)).headers['x-credits-remaining']).toBe('0');
    });

    it('answers an expired contract (the end date itself is still valid)', async () => {
      const expired = await seedTeam(env.db.dataSource, { credits: 10, contractEnd: isoDay(-1) });
      const runs = handlerRuns.billed;
      const body = expectErrorResponse(await billed(expired.key, 1), 402, 'contract_expired');
      expect(body.details.contract_end).toBe(isoDay(-1));
      expect(handlerRuns.billed).toBe(runs);
      expect(await balanceOf(env.db.dataSource, expired.id)).toBe(10);
      const lastDay = await seedTeam(env.db.dataSource, { credits: 10, contractEnd: isoDay(0) });
      expect((await billed(lastDay.key, 1)).statusCode).toBe(200);
    });

    it('lets a team that was topped up through at once', async () => {
      const team = await seedTeam(env.db.dataSource, { credits: 1 });
      expect((await billed(team.key, 1)).statusCode).toBe(200);
      expectErrorResponse(await billed(team.key, 1), 402, 'insufficient_credits');
      await grantCredits(env.db.dataSource, { id: team.id }, 2);
      const res = await billed(team.key, 1);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-credits-remaining']).toBe('1');
    });
  });

  describe('sandbox', () => {
    it('is free and not counted, for any valid key whatever its credits or contract', async () => {
      const broke = await seedTeam(env.db.dataSource, { credits: 0, contractEnd: isoDay(-30) });
      const res = await billed(broke.key, 3, '/sandbox/probe');
      expect(res.statusCode).toBe(200);
      expect(res.json().matches).toHaveLength(3);
      expect(res.headers['x-credits-charged']).toBeUndefined();
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      const paying = await seedTeam(env.db.dataSource, { credits: 5 });
      expect((await billed(paying.key, 2, '/sandbox/probe')).statusCode).toBe(200);
      for (const team of [broke, paying]) {
        expect(await usage(team.id)).toEqual([]);
        expect(await ledger(team.id)).toHaveLength(team === paying ? 1 : 0);
      }
      expect(await balanceOf(env.db.dataSource, paying.id)).toBe(5);
    });
  });

  it('never overspends under 200 concurrent requests against 50 credits', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 50 });
    const responses = await Promise.all(Array.from({ length: 200 }, () => billed(team.key, 1)));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) expectErrorResponse(r, 402, 'insufficient_credits');
    expect(ok.map((r) => Number(r.headers['x-credits-remaining'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(0);
    const [sums] = await sql<{ ledger: number; charges: number; usage_credits: number; usage_rows: number }>(
      `SELECT (SELECT sum(delta)::int FROM credit_ledger WHERE team_id = $1) AS ledger,
              (SELECT sum(delta)::int FROM credit_ledger WHERE team_id = $1 AND reason = 'match') AS charges,
              (SELECT sum(credits)::int FROM usage WHERE team_id = $1) AS usage_credits,
              (SELECT count(*)::int FROM usage WHERE team_id = $1) AS usage_rows`,
      [team.id],
    );
    expect(sums).toEqual({ ledger: 0, charges: -50, usage_credits: 50, usage_rows: 50 });
  });

  it('commits a charge without waiting for the WAL flush, or durably when asked', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    const runner = env.db.dataSource.createQueryRunner();
    // Inside an explicit transaction the setting the statement leaves is visible before commit.
    const commitModeAfterCharge = async (asyncCommit: boolean) => {
      await runner.startTransaction();
      try {
        const [{ synchronous_commit: before }] = await runner.query('SHOW synchronous_commit');
        const call = [[null], ['/probe/billed'], ['r1'], [randomUUID()], [null], [2]];
        const noAccessRows = [[null], [null], [], []];
        const rows = await runner.query(CHARGE.text, [team.id, ...call, asyncCommit, ...noAccessRows]);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ credits_balance: '8', over_key_id: null });
        const [{ synchronous_commit: after }] = await runner.query('SHOW synchronous_commit');
        return { before, after };
      } finally {
        await runner.rollbackTransaction();
      }
    };
    try {
      const durable = await commitModeAfterCharge(false);
      expect(durable.after).toBe(durable.before);
      expect(durable.before).not.toBe('off');
      expect(await commitModeAfterCharge(true)).toEqual({ before: durable.before, after: 'off' });
      // Local to the charge's transaction: the connection's next transaction is durable again.
      const [{ synchronous_commit: later }] = await runner.query('SHOW synchronous_commit');
      expect(later).toBe(durable.before);
    } finally {
      await runner.release();
    }
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(10);
  });

  describe('concurrent charges of one team (grouped per statement)', () => {
    it('records each call once, in fewer commits than calls, with headers that chain', async () => {
      const team = await seedTeam(env.db.dataSource, { credits: 1000 });
      const matches = Array.from({ length: 60 }, (_, i) => i % 4);
      const responses = await Promise.all(matches.map((m) => billed(team.key, m)));
      expect(responses.map((r) => r.statusCode)).toEqual(matches.map(() => 200));
      const spent = matches.reduce((a, b) => a + b, 0);
      expect(await balanceOf(env.db.dataSource, team.id)).toBe(1000 - spent);

      const byRequest = new Map(responses.map((r, i) => [String(r.headers['x-request-id']), matches[i]]));
      const ledgerRows = (await ledger(team.id)).slice(1);
      expect(ledgerRows).toHaveLength(matches.filter((m) => m > 0).length);
      for (const row of ledgerRows) expect(-row.delta).toBe(byRequest.get(row.request_id));
      expect(new Set(ledgerRows.map((r) => r.request_id)).size).toBe(ledgerRows.length);
      const usageRows = await usage(team.id);
      expect(usageRows).toHaveLength(matches.length);
      for (const row of usageRows) expect(row.credits).toBe(byRequest.get(row.request_id));
      expect(new Set(usageRows.map((r) => r.request_id)).size).toBe(matches.length);

      // Each paying call's remaining balance is the previous one's minus its own charge.
      const paid = responses
        .map((r) => ({
          charged: Number(r.headers['x-credits-charged']),
          left: Number(r.headers['x-credits-remaining']),
        }))
        .filter((c) => c.charged > 0)
        .sort((a, b) => b.left - a.left);
      let before = 1000;
      for (const c of paid) {
        expect(c.left).toBe(before - c.charged);
        before = c.left;
      }
      expect(before).toBe(1000 - spent);

      // Rows of one statement share its transaction time: calls that waited went together.
      const [{ commits }] = await sql<{ commits: number }>(
        `SELECT count(DISTINCT created_at)::int AS commits FROM usage WHERE team_id = $1`,
        [team.id],
      );
      expect(commits).toBeLessThan(matches.length);
    });

    it('serves the calls that fit and refuses the others when a group cannot be paid whole', async () => {
      const team = await seedTeam(env.db.dataSource, { credits: 10 });
      const matches = [...Array.from({ length: 12 }, () => 3), ...Array.from({ length: 6 }, () => 0)];
      const responses = await Promise.all(matches.map((m) => billed(team.key, m)));
      const paying = responses.filter((_, i) => matches[i] === 3);
      expect(paying.filter((r) => r.statusCode === 200)).toHaveLength(3);
      for (const r of paying.filter((x) => x.statusCode !== 200)) {
        const body = expectErrorResponse(r, 402, 'insufficient_credits');
        expect(body.details).toEqual({ credits_balance: 1 });
      }
      expect(responses.filter((_, i) => matches[i] === 0).map((r) => r.statusCode)).toEqual(
        Array.from({ length: 6 }, () => 200),
      );
      expect(await balanceOf(env.db.dataSource, team.id)).toBe(1);
      expect((await ledger(team.id)).slice(1).map((r) => r.delta)).toEqual([-3, -3, -3]);
      expect((await usage(team.id)).map((r) => r.credits).sort()).toEqual([0, 0, 0, 0, 0, 0, 3, 3, 3]);
    });

    it('never overspends when two gateways charge one team at once', async () => {
      const second = await bootGateway(env.config, PROBE_CONTROLLERS);
      try {
        const other = injector(second);
        const team = await seedTeam(env.db.dataSource, { credits: 100 });
        const responses = await Promise.all(
          Array.from({ length: 160 }, (_, i) =>
            (i % 2 ? other : inject)({
              method: 'POST',
              url: '/probe/billed',
              payload: { matches: 1 },
              headers: { 'api-key': team.key },
            }),
          ),
        );
        expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(100);
        for (const r of responses.filter((x) => x.statusCode !== 200))
          expectErrorResponse(r, 402, 'insufficient_credits');
        expect(await balanceOf(env.db.dataSource, team.id)).toBe(0);
        const [sums] = await sql<{ charges: number; usage_rows: number }>(
          `SELECT (SELECT sum(delta)::int FROM credit_ledger WHERE team_id = $1 AND reason = 'match') AS charges,
                  (SELECT count(*)::int FROM usage WHERE team_id = $1) AS usage_rows`,
          [team.id],
        );
        expect(sums).toEqual({ charges: -100, usage_rows: 100 });
      } finally {
        await second.close();
      }
    });
  });
});
