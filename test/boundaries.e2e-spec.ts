import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** ESLint (as `npm test` runs it) on `code` as if it were the file at `file`. */
function lint(file: string, code: string): string[] {
  const run = spawnSync(process.execPath, [ESLINT, '--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as Array<{
    messages: Array<{ ruleId: string | null; message: string }>;
  }>;
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The dependency rules of eslint.config.mjs: each catches what it is for and lets the rest pass. */
describe('boundaries checked by the build', () => {
  it.each([
    ['libs/sql/src/x.ts', "import { readFileSync } from 'node:fs';", /pure library/],
    ['libs/shaping/src/x.ts', "import { Injectable } from '@nestjs/common';", /pure library/],
    ['libs/matching/src/x.ts', "import { DataSource } from 'typeorm';", /pure library/],
    ['libs/normalize/src/x.ts', "import { Client } from 'pg';", /pure library/],
    ['libs/contracts/src/x.ts', "import { createDataSource } from '@app/store';", /pure library/],
    [
      'libs/store/src/x.ts',
      "import { CliError } from '../../../apps/cli/src/errors';",
      /libs never import apps/,
    ],
    [
      'apps/search/src/x.ts',
      "import { createGateway } from '../../gateway/src/bootstrap';",
      /never on another app/,
    ],
    [
      'apps/gateway/src/x/y.ts',
      "import { loadBuild } from '../../../cli/src/data-builds/loader/loader';",
      /never on another app/,
    ],
    ['libs/client/src/x.ts', "import { ServiceError } from '@app/contracts';", /client package/],
  ])('%s: %s is refused', (file, code, message) => {
    expect(lint(file, `${code}\nexport {};\n`)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['libs/sql/src/x.ts', "import { ServiceError } from '@app/contracts';"],
    ['libs/store/src/x.ts', "import { DataSource } from 'typeorm';"],
    ['libs/contracts/src/x.spec.ts', "import { readFileSync } from 'node:fs';"],
    ['apps/gateway/src/x/y.ts', "import { SearchService } from '../search/search.service';"],
    ['libs/client/src/x.ts', "import createClient from 'openapi-fetch';"],
  ])('%s: %s is allowed', (file, code) => {
    expect(lint(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

const PROBE = 'PROBE';

/**
 * `.dependency-cruiser.cjs` (as `npm test` runs it) over `files`, each written at its path in the
 * repository (the rules name real folders) with PROBE, in paths and code, standing for a fresh
 * folder: each file's violated rules. One run for every case: a run costs seconds.
 */
function cruise(files: Record<string, string>): Map<string, string[]> {
  const probe = `.lint-probe-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const dirs = new Set<string>();
  try {
    for (const [name, code] of Object.entries(files)) {
      dirs.add(name.slice(0, name.indexOf(PROBE)) + probe);
      const file = path.join(ROOT, name.replace(PROBE, probe));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, code.replaceAll(PROBE, probe));
    }
    const run = spawnSync(
      process.execPath,
      [DEPCRUISE, ...dirs, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const result = JSON.parse(run.stdout) as {
      summary: { violations: Array<{ from: string; rule: { name: string } }> };
    };
    const rules = new Map<string, string[]>();
    for (const { from, rule } of result.summary.violations) {
      const file = from.replace(probe, PROBE);
      rules.set(file, [...(rules.get(file) ?? []), rule.name]);
    }
    return rules;
  } finally {
    for (const dir of dirs) rmSync(path.join(ROOT, dir), { recursive: true, force: true });
  }
}

const FIXTURE =
  "import { personFixture } from '@app/contracts/testing';\nexport const p = personFixture();\n";
const GATEWAY = 'apps/gateway/src';
const PROBES = {
  cycle: {
    'libs/PROBE/cycle-a.ts': "import type { B } from './cycle-b';\nexport interface A { b: B }\n",
    'libs/PROBE/cycle-b.ts': "import type { A } from './cycle-a';\nexport interface B { a: A }\n",
  },
  oneWay: {
    'libs/PROBE/one-way-a.ts': "import type { B } from './one-way-b';\nexport interface A { b: B }\n",
    'libs/PROBE/one-way-b.ts': 'export interface B { n: number }\n',
  },
  productionFixture: {
    'libs/shaping/src/PROBE/tree.ts': FIXTURE,
    [`${GATEWAY}/PROBE/fixture.ts`]: FIXTURE,
    // Whatever the spelling: a relative path reaches the same file.
    'libs/shaping/src/PROBE/relative.ts': "export * from '../../../contracts/src/testing/fixtures';\n",
  },
  testFixture: {
    'libs/shaping/src/PROBE/tree.spec.ts': FIXTURE,
    'test/PROBE/fixture.ts': FIXTURE,
    'bench/PROBE/fixture.ts': FIXTURE,
    'libs/shaping/src/PROBE/contract.ts': "export * from '../../../contracts/src/records/subfields';\n",
  },
  idempotencyToAccess: {
    [`${GATEWAY}/idempotency/PROBE/replay.ts`]: "export * from '../../access/PROBE/key';\n",
    [`${GATEWAY}/access/PROBE/key.ts`]: "export const key = 'k';\n",
  },
  accessToIdempotency: {
    [`${GATEWAY}/access/PROBE/guard.ts`]: "export * from '../../idempotency/PROBE/owner';\n",
    [`${GATEWAY}/idempotency/PROBE/owner.ts`]: "export const owner = 'o';\n",
  },
  intoBilling: {
    [`${GATEWAY}/access/PROBE/precheck.ts`]: "export * from '../../billing/PROBE/credits';\n",
    [`${GATEWAY}/idempotency/PROBE/charged.ts`]: "export * from '../../billing/PROBE/credits';\n",
    [`${GATEWAY}/billing/PROBE/credits.ts`]: 'export const credits = 1;\n',
  },
  fromBilling: {
    [`${GATEWAY}/billing/PROBE/charge.ts`]:
      "export * from '../../access/PROBE/who';\nexport * from '../../idempotency/PROBE/claimed';\n",
    [`${GATEWAY}/access/PROBE/who.ts`]: "export const who = 'w';\n",
    [`${GATEWAY}/idempotency/PROBE/claimed.ts`]: "export const claimed = 'c';\n",
  },
  shared: {
    [`${GATEWAY}/idempotency/PROBE/shared.ts`]: "export * from '../../PROBE/caller';\n",
    [`${GATEWAY}/access/PROBE/shared.ts`]: "export * from '../../PROBE/caller';\n",
    [`${GATEWAY}/PROBE/caller.ts`]: "export const caller = 'c';\n",
  },
  client: {
    'libs/client/src/PROBE/server.ts': "export * from '../../../contracts/src/errors';\n",
    'libs/client/src/PROBE/node.ts': "export { randomUUID } from 'node:crypto';\n",
    'libs/client/src/PROBE/own.ts': "export * from '../meta';\nexport { default } from 'openapi-fetch';\n",
    'libs/client/src/PROBE/own.spec.ts': "export { readFileSync } from 'node:fs';\n",
  },
} satisfies Record<string, Record<string, string>>;

describe('dependency-cruiser rules', () => {
  let violations: Map<string, string[]>;
  beforeAll(() => {
    violations = cruise(Object.assign({}, ...Object.values(PROBES)));
  });
  const rulesOf = (files: Record<string, string>) =>
    Object.keys(files).map((file) => violations.get(file) ?? []);

  it('refuse an import cycle, a type-only one included', () => {
    // Reported once, from whichever module the cruise meets first.
    expect(new Set(rulesOf(PROBES.cycle).flat())).toEqual(new Set(['no-circular']));
  });

  it('let a one-way import pass', () => {
    expect(rulesOf(PROBES.oneWay)).toEqual([[], []]);
  });

  it('refuse a production import of a fixture, however it is spelled', () => {
    expect(rulesOf(PROBES.productionFixture)).toEqual(Array(3).fill(['no-test-code-in-production']));
  });

  it('let specs, test/ and bench/ import fixtures, and production the contracts', () => {
    expect(rulesOf(PROBES.testFixture)).toEqual(Array(4).fill([]));
  });

  it('refuse an import from idempotency/ into access/ and back', () => {
    expect(rulesOf(PROBES.idempotencyToAccess)).toEqual([['no-idempotency-to-access'], []]);
    expect(rulesOf(PROBES.accessToIdempotency)).toEqual([['no-access-to-idempotency'], []]);
  });

  it('refuse an import of billing/ from access/ or idempotency/, and let billing import both', () => {
    expect(rulesOf(PROBES.intoBilling)).toEqual([
      ['billing-is-imported-one-way'],
      ['billing-is-imported-one-way'],
      [],
    ]);
    expect(rulesOf(PROBES.fromBilling)).toEqual([[], [], []]);
  });

  it('keep the client package to itself and openapi-fetch (its specs aside)', () => {
    expect(rulesOf(PROBES.client)).toEqual([['client-is-standalone'], ['client-is-standalone'], [], []]);
  });

  it('let idempotency/ and access/ share what lives elsewhere', () => {
    expect(rulesOf(PROBES.shared)).toEqual([[], [], []]);
  });
});

const PRETTIER = path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

/** `prettier --check` (as `npm run lint` runs it, with the repository's config and ignore files) on `code` at `file`. */
function formatted(file: string, code: string): boolean {
  const run = spawnSync(process.execPath, [PRETTIER, '--check', '--stdin-filepath', file], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr);
  return run.status === 0;
}

describe('formatting checked by the build', () => {
  const UNFORMATTED = 'export const a = {b:"x"}\n';

  it('the lint script checks every file', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.lint.split(' && ')).toContain('prettier --check .');
  });

  // A library's own data/ folder is source like any other: only the top-level data/ is ignored.
  it.each(['libs/shaping/src/x.ts', 'test/x.e2e-spec.ts', 'libs/discovery/src/data/x.ts'])(
    'refuses an unformatted %s and lets its formatted form pass',
    (file) => {
      expect(formatted(file, UNFORMATTED)).toBe(false);
      // The repository's .prettierrc: single quotes.
      expect(formatted(file, "export const a = { b: 'x' };\n")).toBe(true);
    },
  );

  it.each(['dist/apps/x.ts', 'data/sandbox/x.json', 'bench/soak/last-run.json', 'libs/x/names.generated.ts'])(
    'leaves %s alone: output, data and generated files',
    (file) => {
      expect(formatted(file, file.endsWith('.json') ? '{"a":[1,\n2]}\n' : UNFORMATTED)).toBe(true);
    },
  );
});
