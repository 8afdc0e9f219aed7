import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  ])('%s: %s is refused', (file, code, message) => {
    expect(lint(file, `${code}\nexport {};\n`)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['libs/sql/src/x.ts', "import { ServiceError } from '@app/contracts';"],
    ['libs/store/src/x.ts', "import { DataSource } from 'typeorm';"],
    ['libs/contracts/src/x.spec.ts', "import { readFileSync } from 'node:fs';"],
    ['apps/gateway/src/x/y.ts', "import { SearchService } from '../search/search.service';"],
  ])('%s: %s is allowed', (file, code) => {
    expect(lint(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

/** `.dependency-cruiser.cjs` (as `npm test` runs it) over a folder of `files`: the rules it reports. */
function cruise(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(ROOT, 'libs', '.cycle-probe-'));
  try {
    for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
    const run = spawnSync(
      process.execPath,
      [DEPCRUISE, path.relative(ROOT, dir), '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const result = JSON.parse(run.stdout) as { summary: { violations: Array<{ rule: { name: string } }> } };
    return result.summary.violations.map((v) => v.rule.name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('import cycles', () => {
  it('refuses a cycle, a type-only one included', () => {
    const violations = cruise({
      'a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a: A }\n",
    });
    expect(violations.length).toBeGreaterThan(0);
    expect(new Set(violations)).toEqual(new Set(['no-circular']));
  });

  it('lets a one-way import pass', () => {
    expect(
      cruise({
        'a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
        'b.ts': 'export interface B { n: number }\n',
      }),
    ).toEqual([]);
  });
});
