import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { isoDate, TeamRef, teamRef } from '../args';
import { UsageError } from '../errors';
import { Runner } from '../runner';
import { findTeam } from './lookup';

export interface UsageInput {
  team: TeamRef;
  /** First day included (UTC), `YYYY-MM-DD`; null = from the first call. */
  from: string | null;
  /** Last day included (UTC); null = up to now. */
  to: string | null;
}

export interface UsageCounts {
  calls: number;
  matches: number;
  credits: number;
}

export interface UsageDay extends UsageCounts {
  day: string;
  endpoint: string;
}

export interface UsageSummary {
  team_id: number;
  team: string;
  from: string | null;
  to: string | null;
  /** One row per UTC day and endpoint that had calls, by day then endpoint. */
  days: UsageDay[];
  endpoints: Array<UsageCounts & { endpoint: string }>;
  total: UsageCounts;
}

/**
 * usage: the team's billed calls per endpoint and UTC day. Sandbox calls and free responses are
 * never recorded, so they do not appear. Bounds are turned into UTC instants so the
 * (team_id, created_at) index serves the range.
 */
export async function usageSummary(ds: DataSource, input: UsageInput): Promise<UsageSummary> {
  const team = await findTeam(ds.manager, input.team);
  const rows: Array<{ day: string; endpoint: string; calls: number; matches: string; credits: string }> =
    await ds.query(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, endpoint,
              count(*)::int AS calls, sum(match_count) AS matches, sum(credits) AS credits
         FROM usage
        WHERE team_id = $1
          AND ($2::date IS NULL OR created_at >= $2::date::timestamp AT TIME ZONE 'UTC')
          AND ($3::date IS NULL OR created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')
        GROUP BY 1, 2
        ORDER BY 1, 2`,
      [team.id, input.from, input.to],
    );
  const days = rows.map((r) => ({
    day: r.day,
    endpoint: r.endpoint,
    calls: r.calls,
    matches: Number(r.matches),
    credits: Number(r.credits),
  }));
  const byEndpoint = new Map<string, UsageCounts>();
  const total: UsageCounts = { calls: 0, matches: 0, credits: 0 };
  for (const d of days) {
    const e = byEndpoint.get(d.endpoint) ?? { calls: 0, matches: 0, credits: 0 };
    byEndpoint.set(d.endpoint, add(e, d));
    add(total, d);
  }
  return {
    team_id: team.id,
    team: team.name,
    from: input.from,
    to: input.to,
    days,
    endpoints: [...byEndpoint]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint, c]) => ({ endpoint, ...c })),
    total,
  };
}

function add(into: UsageCounts, more: UsageCounts): UsageCounts {
  into.calls += more.calls;
  into.matches += more.matches;
  into.credits += more.credits;
  return into;
}

export function registerUsageCommands(program: Command, run: Runner): void {
  program
    .command('usage')
    .description(
      "summarise a team's billed usage per endpoint and UTC day (sandbox and free calls are not counted)",
    )
    .requiredOption('--team <team>', 'team name or id')
    .option('--from <date>', 'first day included, YYYY-MM-DD (UTC)')
    .option('--to <date>', 'last day included, YYYY-MM-DD (UTC)')
    .action((opts: { team: string; from?: string; to?: string }) => {
      const input: UsageInput = {
        team: teamRef('--team', opts.team),
        from: opts.from === undefined ? null : isoDate('--from', opts.from),
        to: opts.to === undefined ? null : isoDate('--to', opts.to),
      };
      if (input.from && input.to && input.from > input.to) {
        throw new UsageError(`--from (${input.from}) must not be after --to (${input.to})`);
      }
      return run((ds) => usageSummary(ds, input));
    });
}
