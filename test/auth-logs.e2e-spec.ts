/** The whole sign-in flow at trace level: no password, code, claim token, assertion, session or access token in the logs. */
import {
  AuthHarness,
  authHarness,
  Browser,
  codeOf,
  completeClaim,
  csrfOf,
  exchange,
  openClaim,
  PASSWORD,
  postJson,
  seedSignInPerson,
  signIn,
} from './auth/harness';

let h: AuthHarness;
const captured: string[] = [];
let restore: () => void;

beforeAll(async () => {
  // pino writes to process.stdout itself when its write was replaced, so this sees every line.
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  restore = () => spy.mockRestore();
  h = await authHarness({ variables: { LOG_LEVEL: 'trace' } });
});

afterAll(async () => {
  await h?.close();
  restore?.();
});

it('logs requests but none of the secrets of a whole flow', async () => {
  const person = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'admin' });
  const browser = new Browser(h.request);
  const wrongPassword = 'Tr0ub4dor&3-wrong';
  expect((await signIn(browser, person.email, wrongPassword)).statusCode).toBe(401);
  expect((await signIn(browser, person.email)).statusCode).toBe(303);
  const session = browser.cookies.get('svc_session')!;

  const claim = await openClaim(h.request, person.email, 'Log test agent');
  const firstCode = codeOf((await browser.get(claim.verifyPath)).body);
  await postJson(h.request, '/agent/identity/claim', { claim_token: claim.token });
  const page = await browser.get(claim.verifyPath);
  const code = codeOf(page.body);
  expect(
    (await completeClaim(h.request, claim.token, firstCode === code ? 'ZZZZ-ZZZZ' : firstCode)).statusCode,
  ).toBe(400);
  const done = await completeClaim(h.request, claim.token, code);
  expect(done.statusCode).toBe(200);
  const assertion: string = done.json().identity.assertion;
  const token = await exchange(h.request, assertion);
  expect(token.statusCode).toBe(200);
  const accessToken: string = token.json().access_token;
  expect((await exchange(h.request, assertion)).statusCode).toBe(400);
  const apps = await browser.get('/account/apps');
  await browser.post('/sign-out', { csrf: csrfOf(apps.body) });

  const logs = captured.join('');
  // The capture works: the request lines of this flow are there.
  expect(logs).toMatch(/"route":"\/agent\/identity\/claim\/complete"/);
  expect(logs).toMatch(/"route":"\/oauth2\/token"/);
  expect(logs.split('\n').filter((l) => l.includes('"msg":"request"')).length).toBe(14);
  const secrets = {
    password: PASSWORD,
    wrongPassword,
    session,
    claimToken: claim.token,
    code,
    codeCompact: code.replace('-', ''),
    firstCode,
    assertion,
    assertionSignature: assertion.split('.')[2],
    accessToken,
    accessTokenSignature: accessToken.split('.')[2],
    csrf: csrfOf(apps.body),
    signingKey: h.signingKey.d,
  };
  for (const [name, secret] of Object.entries(secrets)) {
    expect({ name, found: logs.includes(secret) }).toEqual({ name, found: false });
  }
});
