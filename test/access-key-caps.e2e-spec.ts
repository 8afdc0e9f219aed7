/** Spend caps per API key (docs/access.md, "Spend caps per key"), through the real gateway. */
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { issueAgentKey, readKeySpend } from '@app/store';
import {
  createTestEnvironment,
  expectErrorResponse,
  HttpHarness,
  seedAgent,
  seedKey,
  seedPerson,
  seedTeam,
  TestEnvironment,
} from '@app/testing';
import { gatewayHarness } from './gateway';
import { call, connectMcp } from './mcp/client';
import { loadTestBuilds, TEST_BUILD } from './search/harness';

let env: TestEnvironment;
let h: HttpHarness;
let people: string[];

beforeAll(async () => {
  env = await createTestEnvironment({ RATE_LIMIT_DEFAULT_PER_MINUTE: '100000', REDIS_URL: '' });
  await loadTestBuilds(env, { people: 40, companies: 5, seed: 32 });
  h = await gatewayHarness({ env, team: { credits: 100_000 } });
  people = (
    await h.sql<{ svc_id: string }>(
      `SELECT svc_id FROM person_records WHERE build_id = $1 ORDER BY svc_id LIMIT 5`,
      [TEST_BUILD],
    )
  ).map((r) => r.svc_id);
}, 240_000);

afterAll(async () => {
  await h?.close();
  await env?.cleanup();
});

/** A key of a fresh team with the given caps. */
async function cappedKey(caps: { daily?: number | null; monthly?: number | null }, credits = 10_000) {
  const team = await seedTeam(env.db.dataSource, { credits });
  const { key, keyId } = await seedKey(env.db.dataSource, team.id);
  await h.sql(`UPDATE api_keys SET daily_cap = $2, monthly_cap = $3 WHERE id = $1`, [
    keyId,
    caps.daily ?? null,
    caps.monthly ?? null,
  ]);
  return { team, key, keyId };
}

const enrich = (key: string, i = 0) => h.post('/person/enrich', { svc_id: people[i % people.length] }, key);

async function books(teamId: number, keyId: number) {
  const [ledger] = await h.sql<{ n: string }>(
    `SELECT coalesce(-sum(delta), 0) AS n FROM credit_ledger WHERE team_id = $1 AND reason = 'match'`,
    [teamId],
  );
  const [usage] = await h.sql<{ n: string }>(
    `SELECT coalesce(sum(credits), 0) AS n FROM usage WHERE team_id = $1`,
    [teamId],
  );
  const [spend] = await readKeySpend(env.db.dataSource, [keyId]);
  return {
    ledger: Number(ledger.n),
    usage: Number(usage.n),
    today: spend.spentToday,
    month: spend.spentThisMonth,
  };
}

const nextUtcMidnight = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
};
const nextUtcMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
};

function expectCapReached(res: LightMyRequestResponse, period: 'day' | 'month', cap: number) {
  const body = expectErrorResponse(res, 402, 'key_cap_reached');
  const resetsAt = period === 'day' ? nextUtcMidnight() : nextUtcMonth();
  expect(body.details).toMatchObject({ cap, period, spent: cap, resets_at: resetsAt });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBe((body.details as { retry_after_seconds: number }).retry_after_seconds);
  expect(Math.abs(Date.now() + retry * 1000 - Date.parse(resetsAt))).toBeLessThan(5_000);
  return body;
}

describe('spend caps per key', () => {
  it('charges exactly the daily cap under 200 concurrent billed requests, then refuses until UTC midnight', async () => {
    const { team, key, keyId } = await cappedKey({ daily: 50 });
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => enrich(key, i)));
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(50);
    for (const r of responses.filter((x) => x.statusCode !== 200)) expectCapReached(r, 'day', 50);
    expect(ok.map((r) => Number(r.headers['x-key-cap-remaining'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect(await books(team.id, keyId)).toEqual({ ledger: 50, usage: 50, today: 50, month: 50 });
    expect(await h.balance(team.id)).toBe(10_000 - 50);

    // The next request is refused by the pre-check already, even one that would match nothing.
    expectCapReached(await enrich(key), 'day', 50);
    expectCapReached(await h.post('/person/enrich', { email: 'nobody@nowhere.example' }, key), 'day', 50);

    // A new UTC day (the key's spend row moved back a day, as the clock would have moved forward).
    await h.sql(`UPDATE api_keys SET spend_day = spend_day - 1 WHERE id = $1`, [keyId]);
    const fresh = await enrich(key);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-key-cap-remaining']).toBe('49');
    expect(await books(team.id, keyId)).toEqual({ ledger: 51, usage: 51, today: 1, month: 51 });
  });

  it('refuses past the monthly cap until the first of the next month', async () => {
    const { team, key, keyId } = await cappedKey({ daily: 4, monthly: 6 });
    for (let i = 0; i < 4; i++) expect((await enrich(key, i)).statusCode).toBe(200);
    expectCapReached(await enrich(key), 'day', 4);
    await h.sql(`UPDATE api_keys SET spend_day = spend_day - 1 WHERE id = $1`, [keyId]);
    expect((await enrich(key)).headers['x-key-cap-remaining']).toBe('1');
    expect((await enrich(key)).headers['x-key-cap-remaining']).toBe('0');
    // Both caps would be passed on the next day too: the month's reset is the one reported.
    expectCapReached(await enrich(key), 'month', 6);
    await h.sql(`UPDATE api_keys SET spend_day = spend_day - 1 WHERE id = $1`, [keyId]);
    expectCapReached(await enrich(key), 'month', 6);
    expect(await books(team.id, keyId)).toMatchObject({ ledger: 6, usage: 6, month: 6 });
    await h.sql(`UPDATE api_keys SET spend_month = (spend_month - interval '1 month')::date WHERE id = $1`, [
      keyId,
    ]);
    const fresh = await enrich(key);
    expect(fresh.statusCode).toBe(200);
    expect(await books(team.id, keyId)).toEqual({ ledger: 7, usage: 7, today: 1, month: 1 });
  });

  it('answers the balance, not the cap, when the team cannot pay', async () => {
    const { key } = await cappedKey({ daily: 10 }, 1);
    const res = await h.post(
      '/person/enrich/bulk',
      { requests: [{ svc_id: people[0] }, { svc_id: people[1] }] },
      key,
    );
    expectErrorResponse(res, 402, 'insufficient_credits');
  });

  it('refuses a bulk answer that would pass the cap whole, charging nothing, like the balance does', async () => {
    const { team, key, keyId } = await cappedKey({ daily: 3 });
    const bulk = (n: number) =>
      h.post('/person/enrich/bulk', { requests: people.slice(0, n).map((svc_id) => ({ svc_id })) }, key);
    const first = await bulk(2);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-key-cap-remaining']).toBe('1');
    const body = expectErrorResponse(await bulk(2), 402, 'key_cap_reached');
    expect(body.details).toMatchObject({ cap: 3, period: 'day', spent: 2 });
    expect(await books(team.id, keyId)).toMatchObject({ ledger: 2, usage: 2, today: 2 });
    const last = await bulk(1);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-key-cap-remaining']).toBe('0');
  });

  it('lets calls without matches through below the cap, charging nothing', async () => {
    const { key } = await cappedKey({ daily: 1 });
    const miss = await h.post('/person/enrich', { email: 'nobody@nowhere.example' }, key);
    expect(miss.statusCode).toBe(200);
    expect(miss.json().matches).toEqual([]);
    expect(miss.headers['x-credits-charged']).toBe('0');
    expect(miss.headers['x-key-cap-remaining']).toBe('1');
    expect((await enrich(key)).headers['x-key-cap-remaining']).toBe('0');
  });

  it('issues an agent key with the team default caps, and carries the spend to its replacement', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 1_000 });
    await h.sql(`UPDATE teams SET agent_key_daily_cap = 2, agent_key_monthly_cap = 100 WHERE id = $1`, [
      team.id,
    ]);
    const person = await seedPerson(env.db.dataSource, { teams: [{ teamId: team.id, role: 'developer' }] });
    const agentId = await seedAgent(env.db.dataSource, person.accountId);
    const request = { agentId, accountId: person.accountId, teamId: team.id };
    const first = await issueAgentKey(env.db.dataSource, request);
    const [row] = await h.sql<{ id: number; daily_cap: number; monthly_cap: number }>(
      `SELECT id, daily_cap, monthly_cap FROM api_keys WHERE agent_id = $1 AND revoked_at IS NULL`,
      [agentId],
    );
    expect(row).toMatchObject({ daily_cap: 2, monthly_cap: 100 });
    expect((await enrich(first.key)).headers['x-key-cap-remaining']).toBe('1');
    // A new key is no way around the cap: it starts with what the agent spent today.
    const second = await issueAgentKey(env.db.dataSource, request);
    expect((await enrich(second.key)).headers['x-key-cap-remaining']).toBe('0');
    expectCapReached(await enrich(second.key), 'day', 2);
  });

  it('answers an MCP billed tool past the cap with the key_cap_reached tool error', async () => {
    const { team, key, keyId } = await cappedKey({ daily: 1 });
    await h.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}/mcp`;
    const mcp = await connectMcp(url, key);
    try {
      const ok = await call(mcp, 'enrich_person', { svc_id: people[0] });
      expect(ok.isError).toBeFalsy();
      expect(ok.http.headers['x-key-cap-remaining']).toBe('0');
      const refused = await call(mcp, 'enrich_people_bulk', { requests: [{ svc_id: people[1] }] });
      expect(refused.isError).toBe(true);
      expect(refused.structured).toMatchObject({
        error: 'key_cap_reached',
        details: { cap: 1, period: 'day', spent: 1, resets_at: nextUtcMidnight() },
      });
    } finally {
      await mcp.close();
    }
    expect(await books(team.id, keyId)).toMatchObject({ ledger: 1, usage: 1, today: 1 });
  });
});
