import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { AuditRecord, listAudit } from '@app/store';
import { positiveInt, TeamRef, teamRef } from '../args';
import { UsageError } from '../errors';
import { Runner } from '../runner';
import { sinceFlag } from '../since';
import { findTeam } from './lookup';

export const AUDIT_LIST_MAX = 1000;

/** `--action`: an action (`key.revoke`) or a group (`key`); lowercase words joined by dots. */
export function auditActionFlag(flag: string, raw: string): string {
  const s = raw.trim();
  if (!/^[a-z][a-z_]*(\.[a-z][a-z_]*)*$/.test(s) || s.length > 100) {
    throw new UsageError(
      `${flag} must be an action like key.revoke or a group like key (got ${JSON.stringify(raw)})`,
    );
  }
  return s;
}

export interface ListAuditInput {
  since?: Date;
  team?: TeamRef;
  action?: string;
  limit: number;
}

/**
 * audit:list: the audit log, newest first. A team named is looked up (NotFoundError if none); a
 * team id is used as it is, so the rows of a team that no longer exists can still be read.
 */
export async function listAuditLog(
  ds: DataSource,
  input: ListAuditInput,
): Promise<{ entries: AuditRecord[]; count: number }> {
  const teamId =
    input.team === undefined
      ? undefined
      : 'id' in input.team
        ? input.team.id
        : (await findTeam(ds.manager, input.team)).id;
  const entries = await listAudit(ds, {
    since: input.since,
    teamId,
    action: input.action,
    limit: input.limit,
  });
  return { entries, count: entries.length };
}

export function registerAuditCommands(program: Command, run: Runner): void {
  program
    .command('audit:list')
    .description('list the audit log of operator and admin actions, newest first')
    .option('--since <when>', 'a duration back from now (30m, 24h, 7d, 2w) or an ISO date or time with zone')
    .option('--team <team>', 'team name or id')
    .option('--action <action>', 'an action (key.revoke) or a group of them (key)')
    .option('--limit <n>', `at most this many entries (1-${AUDIT_LIST_MAX})`, '100')
    .action((opts: { since?: string; team?: string; action?: string; limit: string }) => {
      const input: ListAuditInput = {
        since: opts.since === undefined ? undefined : sinceFlag('--since', opts.since),
        team: opts.team === undefined ? undefined : teamRef('--team', opts.team),
        action: opts.action === undefined ? undefined : auditActionFlag('--action', opts.action),
        limit: positiveInt('--limit', opts.limit, AUDIT_LIST_MAX),
      };
      return run((ds) => listAuditLog(ds, input));
    });
}
