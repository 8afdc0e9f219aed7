/** Debian's Chromium for the browser suites (no browser download): installed with apt-get when missing. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { Browser, chromium, Page } from 'playwright-core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium)`);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: 'ignore',
    timeout: 600_000,
  });
}

export async function launchChromium(): Promise<Browser> {
  ensureChromium();
  // --no-sandbox: the suites may run as root in a container, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** Listens on an ephemeral port of 127.0.0.1; answers the base URL. */
export async function listen(app: NestFastifyApplication, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  const { port: bound } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${bound}`;
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's WCAG 2.1 A/AA rules on the page as loaded; the violations (empty when it passes). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  // A string, evaluated in the page: the test's TypeScript has no DOM types.
  const run = `(async () => {
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  })()`;
  return (await page.evaluate(run)) as AxeViolation[];
}
