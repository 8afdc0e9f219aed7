/**
 * Every page of the auth service in a real browser (Debian's Chromium): axe-core's WCAG 2.1 A/AA
 * and best-practice rules pass, and the pages work with JavaScript switched off.
 */
import type { Browser as Chromium, BrowserContext } from 'playwright-core';
import { decodeJwt } from 'jose';
import { issueAgentKey } from '@app/store';
import {
  AuthHarness,
  authHarness,
  openClaim,
  Person,
  PASSWORD,
  seedSignInPerson,
  completeClaim,
  codeOf,
} from './auth/harness';
import { axeViolations, launchChromium, listen } from './auth/chromium';

let h: AuthHarness;
let person: Person;
let chromium: Chromium;
let context: BrowserContext;
let base: string;

beforeAll(async () => {
  h = await authHarness();
  person = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'admin' });
  base = await listen(h.app);
  chromium = await launchChromium();
  // JavaScript off for the person's pages; axe is injected with bypassCSP and runs in its own world.
  context = await chromium.newContext({ javaScriptEnabled: false, bypassCSP: true });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await chromium?.close();
  await h?.close();
});

async function expectAccessible(url: string, status: number, heading: RegExp) {
  const page = await context.newPage();
  try {
    const res = await page.goto(`${base}${url}`);
    expect(res?.status()).toBe(status);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').innerText()).toMatch(heading);
    // axe needs script: a second, script-enabled look at the same HTML.
    const html = await page.content();
    const checker = await chromium.newPage({ bypassCSP: true });
    try {
      await checker.setContent(html);
      expect(await axeViolations(checker)).toEqual([]);
    } finally {
      await checker.close();
    }
  } finally {
    await page.close();
  }
}

it('the check finds problems when there are some (control)', async () => {
  const page = await chromium.newPage({ bypassCSP: true });
  try {
    await page.setContent('<html><body><form><input name="email"></form></body></html>');
    expect((await axeViolations(page)).map((v) => v.id)).toEqual(
      expect.arrayContaining(['html-has-lang', 'label', 'document-title']),
    );
  } finally {
    await page.close();
  }
});

it('signs in with JavaScript off, and every page passes axe-core', async () => {
  await expectAccessible('/sign-in', 200, /Sign in/);

  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect(await page.getByRole('alert').innerText()).toMatch(/do not match/);
  const failed = await chromium.newPage({ bypassCSP: true });
  await failed.setContent(await page.content());
  expect(await axeViolations(failed)).toEqual([]);
  await failed.close();

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/account/apps`);
  await page.close();

  const claim = await openClaim(h.request, person.email, 'Axe agent');
  await expectAccessible(claim.verifyPath, 200, /Connect an AI agent/);
  await expectAccessible(
    '/agent/verify?claim=00000000-0000-4000-8000-000000000000',
    404,
    /No such sign-in request/,
  );

  const verify = await context.newPage();
  await verify.goto(`${base}${claim.verifyPath}`);
  const done = await completeClaim(h.request, claim.token, codeOf(await verify.content()));
  await verify.close();
  const agentId = decodeJwt(done.json().identity.assertion).agent_id as string;
  await issueAgentKey(h.env.db.dataSource, { agentId, accountId: person.accountId, teamId: h.team.id });
  await expectAccessible('/account/apps', 200, /Connected apps/);
  await expectAccessible('/account/apps?disconnected=everywhere', 200, /Connected apps/);
});
