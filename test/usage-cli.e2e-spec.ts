import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestEnvironment, schemaEnv, seedTeam, SeededTeam, TestEnvironment } from '@app/testing';
import { usageSummary } from '../apps/cli/src/commands/usage';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'dist', 'apps', 'cli', 'src', 'main.js');
const run = promisify(execFile);

/** `usage`: billed calls per endpoint and UTC day, as a service function and as the real CLI. */
describe('cli usage', () => {
  let env: TestEnvironment;
  let team: SeededTeam;
  let other: SeededTeam;

  async function record(t: SeededTeam, endpoint: string, at: string, matches: number, credits = matches) {
    await env.db.dataSource.query(
      `INSERT INTO usage (team_id, api_key_id, endpoint, request_id, match_count, credits, created_at)
       VALUES ($1, $2, $3, 'req', $4, $5, $6)`,
      [t.id, t.keyId, endpoint, matches, credits, at],
    );
  }

  beforeAll(async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does) first`);
    env = await createTestEnvironment();
    team = await seedTeam(env.db.dataSource);
    other = await seedTeam(env.db.dataSource);
    await record(team, '/person/enrich', '2026-03-01T00:00:00Z', 1);
    await record(team, '/person/enrich', '2026-03-01T23:59:59Z', 2);
    await record(team, '/person/search', '2026-03-01T12:00:00Z', 10);
    await record(team, '/person/enrich', '2026-03-02T08:00:00Z', 0);
    await record(team, '/person/enrich', '2026-03-03T00:00:00Z', 1);
    await record(other, '/person/enrich', '2026-03-01T10:00:00Z', 7);
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it('summarises per UTC day and endpoint, with per-endpoint and overall totals', async () => {
    const summary = await usageSummary(env.db.dataSource, { team: { id: team.id }, from: null, to: null });
    expect(summary).toEqual({
      team_id: team.id,
      team: expect.any(String),
      from: null,
      to: null,
      days: [
        { day: '2026-03-01', endpoint: '/person/enrich', calls: 2, matches: 3, credits: 3 },
        { day: '2026-03-01', endpoint: '/person/search', calls: 1, matches: 10, credits: 10 },
        { day: '2026-03-02', endpoint: '/person/enrich', calls: 1, matches: 0, credits: 0 },
        { day: '2026-03-03', endpoint: '/person/enrich', calls: 1, matches: 1, credits: 1 },
      ],
      endpoints: [
        { endpoint: '/person/enrich', calls: 4, matches: 4, credits: 4 },
        { endpoint: '/person/search', calls: 1, matches: 10, credits: 10 },
      ],
      total: { calls: 5, matches: 14, credits: 14 },
    });
  });

  it('includes both bound days whole', async () => {
    const summary = await usageSummary(env.db.dataSource, {
      team: { id: team.id },
      from: '2026-03-02',
      to: '2026-03-03',
    });
    expect(summary.days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
    expect(summary.total).toEqual({ calls: 2, matches: 1, credits: 1 });
    const first = await usageSummary(env.db.dataSource, {
      team: { id: team.id },
      from: null,
      to: '2026-03-01',
    });
    expect(first.total).toEqual({ calls: 3, matches: 13, credits: 13 });
  });

  it('runs as `usage` in the built CLI', async () => {
    const childEnv = { ...process.env, ...schemaEnv(env.db.config) };
    const { stdout } = await run(
      process.execPath,
      [BIN, 'usage', '--team', String(team.id), '--from', '2026-03-01', '--to', '2026-03-01'],
      { env: childEnv, cwd: ROOT },
    );
    const summary = JSON.parse(stdout);
    expect(summary.from).toBe('2026-03-01');
    expect(summary.days).toHaveLength(2);
    expect(summary.total).toEqual({ calls: 3, matches: 13, credits: 13 });

    const bad = await run(
      process.execPath,
      [BIN, 'usage', '--team', String(team.id), '--from', '2026-03-05', '--to', '2026-03-01'],
      { env: childEnv, cwd: ROOT },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('--from') });
  });
});
