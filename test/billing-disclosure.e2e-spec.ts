import { balanceOf, expectErrorResponse, HttpHarness, Inject, seedTeam, TestEnvironment } from '@app/testing';
import { PROBE_CONTROLLERS } from './access/probe.controllers';
import { gatewayHarness } from './gateway';

/**
 * A 402 at charge time must not tell the caller how many matches the request found: otherwise a
 * team with one credit learns match counts for free (docs/access.md, "Credits").
 */
describe('billing: a 402 discloses no match count', () => {
  let h: HttpHarness;
  let env: TestEnvironment;
  let inject: Inject;

  beforeAll(async () => {
    h = await gatewayHarness({ variables: { REDIS_URL: '' }, controllers: PROBE_CONTROLLERS });
    ({ env, request: inject } = h);
  });

  afterAll(async () => {
    await h?.close();
  });

  const billed = (key: string, matches: number) =>
    inject({ method: 'POST', url: '/probe/billed', payload: { matches }, headers: { 'api-key': key } });

  it('answers the same 402, whatever the count, and charges nothing', async () => {
    const bodies = [];
    for (const matches of [2, 7, 37]) {
      const team = await seedTeam(env.db.dataSource, { credits: 1 });
      const res = billed(team.key, matches);
      const body = expectErrorResponse(await res, 402, 'insufficient_credits');
      expect(JSON.stringify(body)).not.toContain(String(matches));
      expect(body.details).toEqual({ credits_balance: 1 });
      expect(await balanceOf(env.db.dataSource, team.id)).toBe(1);
      bodies.push(body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });
});
