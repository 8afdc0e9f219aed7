/** The connected-apps page: a person's agents with the team each bills, and disconnecting one everywhere. */
import { connect, NatsConnection, Subscription } from 'nats';
import { decodeJwt } from 'jose';
import { keyRevocationSubject, parseKeysRevoked } from '@app/server';
import { hashApiKey, insertTeam, issueAgentKey } from '@app/store';
import { bootHttpApp, injector } from '@app/testing';
import {
  AUTH,
  AuthHarness,
  authHarness,
  Browser,
  claimedAssertion,
  csrfOf,
  Person,
  seedSignInPerson,
  signIn,
} from './auth/harness';

let h: AuthHarness;
let person: Person;
let browser: Browser;
let nc: NatsConnection;

beforeAll(async () => {
  h = await authHarness();
  person = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'admin' });
  browser = new Browser(h.request);
  await signIn(browser, person.email);
  nc = await connect({ servers: h.env.config.nats.url });
});

afterAll(async () => {
  await nc?.close();
  await h?.close();
});

/** A connected agent of `person` (claim completed), named `name`. */
async function connectAgent(name: string, who = person, as = browser): Promise<string> {
  const { assertion } = await claimedAssertion(h.request, as, who.email);
  const agentId = decodeJwt(assertion).agent_id as string;
  await h.sql(`UPDATE agents SET name = $1 WHERE id = $2`, [name, agentId]);
  return agentId;
}

/** The next revocation message on this suite's subject. */
function nextRevocation(): { sub: Subscription; hashes: Promise<string[]> } {
  const sub = nc.subscribe(keyRevocationSubject(h.env.config), { max: 1, timeout: 5000 });
  const hashes = (async () => {
    for await (const msg of sub) return parseKeysRevoked(msg.data) ?? [];
    return [];
  })();
  return { sub, hashes };
}

describe('GET /account/apps', () => {
  it('sends a signed-out person to sign in first', async () => {
    const res = await new Browser(h.request).get('/account/apps');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sign-in?next=%2Faccount%2Fapps');
  });

  it('lists every connected agent of the person, with the team its key bills, approval and last use', async () => {
    const keyless = await connectAgent('Keyless agent');
    const billed = await connectAgent('Billing agent');
    const team = await insertTeam(h.env.db.dataSource, {
      name: 'Agent team',
      credits: 0,
      tier: 'standard',
      contractEnd: null,
    });
    await h.sql(`INSERT INTO memberships (account_id, team_id, role) VALUES ($1, $2, 'developer')`, [
      person.accountId,
      team.id,
    ]);
    await issueAgentKey(h.env.db.dataSource, {
      agentId: billed,
      accountId: person.accountId,
      teamId: team.id,
    });
    await h.sql(`INSERT INTO agents (name, account_id) VALUES ('Unconfirmed agent', $1)`, [person.accountId]);
    const other = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'developer' });
    const otherBrowser = new Browser(h.request);
    await signIn(otherBrowser, other.email);
    await connectAgent("Someone else's agent", other, otherBrowser);

    const page = await browser.get('/account/apps');
    expect(page.statusCode).toBe(200);
    const rows = [
      ...page.body.matchAll(
        /<tr>\s*<th scope="row">([^<]+)<\/th>\s*<td>([^<]+)<\/td>\s*<td>(.*?)<\/td>\s*<td>(.*?)<\/td>/gs,
      ),
    ].map((m) => ({ name: m[1], team: m[2], approved: m[3], lastUsed: m[4] }));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['Billing agent']).toMatchObject({
      team: 'Agent team',
      approved: expect.stringMatching(/<time datetime="/),
    });
    expect(byName['Keyless agent']).toMatchObject({ team: 'no key yet', lastUsed: 'never' });
    expect(byName['Unconfirmed agent']).toBeUndefined();
    expect(byName['Someone else&#39;s agent']).toBeUndefined();
    expect(page.body).toContain(`action="/account/apps/${keyless}/disconnect"`);
  });
});

describe('POST /account/apps/:id/disconnect', () => {
  it("revokes the agent's key in Postgres and tells every gateway over NATS at once", async () => {
    const agentId = await connectAgent('Disconnect me');
    const { key } = await issueAgentKey(h.env.db.dataSource, {
      agentId,
      accountId: person.accountId,
      teamId: h.team.id,
    });
    const page = await browser.get('/account/apps');
    const revocation = nextRevocation();
    const res = await browser.post(`/account/apps/${agentId}/disconnect`, { csrf: csrfOf(page.body) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account/apps?disconnected=everywhere');
    expect(await revocation.hashes).toEqual([hashApiKey(key)]);
    const [row] = await h.sql<{ revoked_at: Date | null; disconnected_at: Date | null }>(
      `SELECT k.revoked_at, a.disconnected_at FROM api_keys k JOIN agents a ON a.id = k.agent_id WHERE k.agent_id = $1`,
      [agentId],
    );
    expect(row.revoked_at).toBeInstanceOf(Date);
    expect(row.disconnected_at).toBeInstanceOf(Date);
    const after = await browser.get(res.headers.location as string);
    expect(after.body).toContain('The agent is disconnected and its key no longer works.');
    expect(after.body).not.toContain('Disconnect me');
  });

  it('refuses without the CSRF token, and leaves the agent connected', async () => {
    const agentId = await connectAgent('Keep me');
    const res = await browser.post(`/account/apps/${agentId}/disconnect`, { csrf: 'forged' });
    expect(res.statusCode).toBe(403);
    const [row] = await h.sql<{ disconnected_at: Date | null }>(
      `SELECT disconnected_at FROM agents WHERE id = $1`,
      [agentId],
    );
    expect(row.disconnected_at).toBeNull();
  });

  it("answers 404 for another person's agent, leaving it connected", async () => {
    const other = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'admin' });
    const otherBrowser = new Browser(h.request);
    await signIn(otherBrowser, other.email);
    const theirs = await connectAgent('Theirs', other, otherBrowser);
    const page = await browser.get('/account/apps');
    const res = await browser.post(`/account/apps/${theirs}/disconnect`, { csrf: csrfOf(page.body) });
    expect(res.statusCode).toBe(404);
    const [row] = await h.sql<{ disconnected_at: Date | null }>(
      `SELECT disconnected_at FROM agents WHERE id = $1`,
      [theirs],
    );
    expect(row.disconnected_at).toBeNull();
  });

  it('still disconnects when NATS is unreachable, and says the key stops within seconds', async () => {
    const config = {
      ...h.env.config,
      nats: { ...h.env.config.nats, url: 'nats://127.0.0.1:1', requestTimeoutMs: 500 },
    };
    const app = await bootHttpApp(AUTH, config);
    try {
      const b = new Browser(injector(app));
      await signIn(b, person.email);
      const agentId = await connectAgent('No NATS');
      await issueAgentKey(h.env.db.dataSource, { agentId, accountId: person.accountId, teamId: h.team.id });
      const page = await b.get('/account/apps');
      const res = await b.post(`/account/apps/${agentId}/disconnect`, { csrf: csrfOf(page.body) });
      expect(res.headers.location).toBe('/account/apps?disconnected=delayed');
      const [row] = await h.sql<{ revoked_at: Date | null }>(
        `SELECT revoked_at FROM api_keys WHERE agent_id = $1`,
        [agentId],
      );
      expect(row.revoked_at).toBeInstanceOf(Date);
    } finally {
      await app.close();
    }
  });
});
