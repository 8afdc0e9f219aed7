/**
 * Agent sign-in end to end in Debian's Chromium, against a listening auth service and gateway:
 * the person signs in and reads the code on the verification page, the agent completes the claim,
 * exchanges its assertion and gets a key at POST /agent/key, uses it, the person disconnects it
 * on the connected-apps page and the gateway refuses the key at once (401). A screenshot of each
 * page is taken; `UPDATE_SCREENSHOTS=1` writes them to docs/agents/ (the ones kept there), else
 * to a temporary folder, so a test run never changes tracked files.
 */
import { mkdir } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as Chromium, Page } from 'playwright-core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestEnvironment, seedTeam, TestEnvironment, freePort } from '@app/testing';
import { generateSigningJwk } from '../apps/auth/src/signing/signing-key-source';
import { bootAuth, Person, PASSWORD, seedSignInPerson } from './auth/harness';
import { launchChromium, listen } from './auth/chromium';
import { bootGateway } from './gateway';

const SHOTS = process.env.UPDATE_SCREENSHOTS
  ? join(__dirname, '..', 'docs', 'agents')
  : mkdtempSync(join(tmpdir(), 'svc-agent-shots-'));

let env: TestEnvironment;
let auth: NestFastifyApplication;
let gateway: NestFastifyApplication;
let chromium: Chromium;
let authUrl: string;
let baseUrl: string;
let person: Person;

beforeAll(async () => {
  const [authPort, gatewayPort] = [await freePort(), await freePort()];
  authUrl = `http://127.0.0.1:${authPort}`;
  baseUrl = `http://127.0.0.1:${gatewayPort}`;
  env = await createTestEnvironment({
    AUTH_SIGNING_KEYS: JSON.stringify([await generateSigningJwk()]),
    PUBLIC_AUTH_URL: authUrl,
    PUBLIC_BASE_URL: baseUrl,
    AUTH_INTERNAL_URL: authUrl,
    // The longest cache the gateway allows: a refusal within seconds can only be the broadcast.
    API_KEY_CACHE_TTL_MS: '60000',
    REDIS_URL: '',
  });
  const team = await seedTeam(env.db.dataSource, { credits: 10 });
  person = await seedSignInPerson(env.db.dataSource, team.id, { role: 'admin' });
  auth = await bootAuth(env.config);
  await listen(auth, authPort);
  gateway = await bootGateway(env.config);
  await listen(gateway, gatewayPort);
  chromium = await launchChromium();
  await mkdir(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await chromium?.close();
  await gateway?.close();
  await auth?.close();
  await env?.cleanup();
  if (!process.env.UPDATE_SCREENSHOTS) rmSync(SHOTS, { recursive: true, force: true });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The JSON answers this flow reads, loosely typed: the assertions below check each field. */
interface FlowBody {
  claim: { token: string; attempt: { verification_uri: string } };
  identity: { assertion: string };
  access_token: string;
  token_type: string;
  api_key: string;
}

async function json(url: string, init: RequestInit): Promise<{ status: number; body: FlowBody }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as FlowBody };
}

const hashEmail = (key: string) =>
  fetch(`${baseUrl}/utility/hash/email`, {
    method: 'POST',
    headers: { 'api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'someone@example.com' }),
  }).then((r) => r.status);

it('signs an agent in through the browser, issues its key, and disconnects it everywhere', async () => {
  // 1. The agent asks for an identity.
  const identity = await json(`${authUrl}/agent/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'service_auth',
      login_hint: person.email,
      client_name: 'Browser test agent',
    }),
  });
  expect(identity.status).toBe(200);
  const { token, attempt } = identity.body.claim;
  expect(attempt.verification_uri).toMatch(new RegExp(`^${authUrl}/agent/verify\\?claim=`));

  // 2. The person opens the link (JavaScript off: the pages need none), signs in, reads the code.
  const context = await chromium.newContext({
    javaScriptEnabled: false,
    viewport: { width: 900, height: 700 },
  });
  const page = await context.newPage();
  await page.goto(attempt.verification_uri);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  await page.getByLabel('Email').fill(person.email);
  await shot(page, '1-sign-in');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(attempt.verification_uri);
  await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Connect an AI agent');
  // playwright-core has no expect: waitFor throws unless the name shows, and shows once.
  const agentName = page.getByText('Browser test agent', { exact: true });
  await agentName.waitFor({ state: 'visible', timeout: 5_000 });
  expect(await agentName.count()).toBe(1);
  const code = (await page.locator('.code').innerText()).trim();
  expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
  await shot(page, '2-verification-code');

  // 3. The agent completes the claim with the code it was read, 4. exchanges the assertion.
  const completed = await json(`${authUrl}/agent/identity/claim/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ claim_token: token, user_code: code.toLowerCase() }),
  });
  expect(completed.status).toBe(200);
  const exchanged = await json(`${authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: completed.body.identity.assertion,
    }),
  });
  expect(exchanged.status).toBe(200);
  expect(exchanged.body.token_type).toBe('Bearer');

  // 5. POST {base_url}/agent/key with the access token, then use the key.
  const issued = await json(`${baseUrl}/agent/key`, {
    method: 'POST',
    headers: { authorization: `Bearer ${exchanged.body.access_token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(issued.status).toBe(200);
  const apiKey: string = issued.body.api_key;
  expect(apiKey).toMatch(/^svc_/);
  expect(await hashEmail(apiKey)).toBe(200);

  // 6. The person sees the agent on the connected-apps page and disconnects it.
  await page.goto(`${authUrl}/account/apps`);
  const row = page.getByRole('row', { name: /Browser test agent/ });
  await expect(row.innerText()).resolves.toMatch(/Browser test agent/);
  await shot(page, '3-connected-apps');
  await row.getByRole('button', { name: /Disconnect/ }).click();
  await page.waitForURL(`${authUrl}/account/apps?disconnected=everywhere`);
  await expect(page.getByRole('status').innerText()).resolves.toMatch(/disconnected/);
  await shot(page, '4-disconnected');
  await context.close();

  // 7. Every gateway refuses the key at once (well within the 60 s cache).
  const until = Date.now() + 3000;
  let status = await hashEmail(apiKey);
  while (status !== 401 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    status = await hashEmail(apiKey);
  }
  expect(status).toBe(401);
}, 120_000);
