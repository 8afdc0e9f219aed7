import { Command } from 'commander';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import {
  ApiKey,
  ApiKeyKind,
  appendAudit,
  AuditActor,
  cliActor,
  insertApiKey,
  KeyCaps,
  readKeySpend,
  revokeApiKey,
} from '@app/store';
import { capOrNone, endpoints, keyPrefix, positiveInt, TeamRef, teamRef } from '../args';
import { ConflictError, NotFoundError, UsageError } from '../errors';
import { Runner } from '../runner';
import { findTeam } from './lookup';
import { broadcastRevoked, RevocationReport } from './revocations';

/** What listings show of a key: never the key or its hash. */
export interface KeyView {
  key_id: number;
  prefix: string;
  team_id: number;
  kind: ApiKeyKind;
  endpoints: string[] | null;
  agent_id: string | null;
  created_by_account_id: number | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  /** Spend caps in credits per UTC day and month; null = none. */
  daily_cap: number | null;
  monthly_cap: number | null;
}

export function keyView(key: ApiKey): KeyView {
  return {
    key_id: key.id,
    prefix: key.prefix,
    team_id: key.teamId,
    kind: key.kind,
    endpoints: key.endpoints,
    agent_id: key.agentId,
    created_by_account_id: key.createdByAccountId,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt,
    revoked_at: key.revokedAt,
    daily_cap: key.dailyCap,
    monthly_cap: key.monthlyCap,
  };
}

/** A listed key with what it spent in the current UTC day and month (the database's clock). */
export interface ListedKeyView extends KeyView {
  spent_today: number;
  spent_this_month: number;
}

export interface CreateKeyInput {
  team: TeamRef;
  /** null = every endpoint. */
  endpoints: string[] | null;
  /** Absent: no caps. */
  caps?: KeyCaps;
}

export interface CreateKeyResult {
  /** Shown once; only its SHA-256 is stored. */
  api_key: string;
  key_id: number;
  prefix: string;
  team_id: number;
  endpoints: string[] | null;
  daily_cap: number | null;
  monthly_cap: number | null;
}

/** key:create: a standard key for the team (libs/store), shown once; audited without the key. */
export async function createKey(
  ds: DataSource,
  input: CreateKeyInput,
  actor: AuditActor = cliActor(),
): Promise<CreateKeyResult> {
  return ds.transaction(async (em) => {
    const team = await findTeam(em, input.team);
    const { apiKey, key } = await insertApiKey(em, team.id, input.endpoints, input.caps);
    await appendAudit(em, {
      actor,
      action: 'key.create',
      teamId: team.id,
      target: `key:${key.id}`,
      // The prefix names the key in listings and is not secret; the key and its hash stay out.
      after: {
        prefix: key.prefix,
        kind: key.kind,
        endpoints: key.endpoints,
        daily_cap: key.dailyCap,
        monthly_cap: key.monthlyCap,
      },
    });
    return {
      api_key: apiKey,
      key_id: key.id,
      prefix: key.prefix,
      team_id: team.id,
      endpoints: key.endpoints,
      daily_cap: key.dailyCap,
      monthly_cap: key.monthlyCap,
    };
  });
}

export type KeySelector = { keyId: number } | { prefix: string };

export interface RevokeKeyResult extends KeyView {
  /** True when the key had been revoked before this call (revoked_at is then the earlier time). */
  already_revoked: boolean;
  revocation: RevocationReport;
}

/**
 * key:revoke: sets revoked_at once (libs/store), with its audit row in the same transaction, then
 * broadcasts it so every gateway refuses the key at once; revoking again reports the original
 * time, sends nothing and records nothing (nothing changed).
 */
export async function revokeKey(
  ds: DataSource,
  config: AppConfig,
  selector: KeySelector,
  actor: AuditActor = cliActor(),
): Promise<RevokeKeyResult> {
  const revoked = await ds.transaction(async (em) => {
    const done = await revokeApiKey(em, 'keyId' in selector ? { id: selector.keyId } : selector);
    if (done && !done.alreadyRevoked) {
      await appendAudit(em, {
        actor,
        action: 'key.revoke',
        teamId: done.key.teamId,
        target: `key:${done.key.id}`,
        before: { prefix: done.key.prefix, kind: done.key.kind, revoked_at: null },
        after: { prefix: done.key.prefix, kind: done.key.kind, revoked_at: done.key.revokedAt },
      });
    }
    return done;
  });
  if (!revoked) throw new NotFoundError(keyNotFound(selector));
  const revocation = await broadcastRevoked(config, revoked.alreadyRevoked ? [] : [revoked.key.secretHash]);
  return { ...keyView(revoked.key), already_revoked: revoked.alreadyRevoked, revocation };
}

/** key:update: what changes; an absent cap stays as it is, null removes it. */
export type KeyCapsUpdate = Partial<KeyCaps>;

/**
 * key:update: sets or removes a key's spend caps, with its audit row, in one transaction. The
 * charge reads the caps from the key's row, so they bind the next charge on every gateway; the
 * gateways' credit pre-check learns of a first cap within API_KEY_CACHE_TTL_MS.
 */
export async function updateKeyCaps(
  ds: DataSource,
  selector: KeySelector,
  update: KeyCapsUpdate,
  actor: AuditActor = cliActor(),
): Promise<KeyView> {
  return ds.transaction(async (em) => {
    const where = 'keyId' in selector ? { id: selector.keyId } : { prefix: selector.prefix };
    const key = await em.findOne(ApiKey, { where, lock: { mode: 'pessimistic_write' } });
    if (!key) throw new NotFoundError(keyNotFound(selector));
    if (key.revokedAt !== null)
      throw new ConflictError(`key ${key.id} is revoked; its caps no longer matter`);
    const before = { daily_cap: key.dailyCap, monthly_cap: key.monthlyCap };
    if (update.dailyCap !== undefined) key.dailyCap = update.dailyCap;
    if (update.monthlyCap !== undefined) key.monthlyCap = update.monthlyCap;
    await em.update(ApiKey, key.id, { dailyCap: key.dailyCap, monthlyCap: key.monthlyCap });
    await appendAudit(em, {
      actor,
      action: 'key.update',
      teamId: key.teamId,
      target: `key:${key.id}`,
      before: { prefix: key.prefix, ...before },
      after: { prefix: key.prefix, daily_cap: key.dailyCap, monthly_cap: key.monthlyCap },
    });
    return keyView(key);
  });
}

const keyNotFound = (selector: KeySelector) =>
  'keyId' in selector ? `key ${selector.keyId} not found` : `key with prefix ${selector.prefix} not found`;

export interface ListKeysResult {
  team_id: number;
  team: string;
  keys: ListedKeyView[];
}

/** key:list: every key of the team, newest first, without secrets, with its caps and spend. */
export async function listKeys(ds: DataSource, input: { team: TeamRef }): Promise<ListKeysResult> {
  const team = await findTeam(ds.manager, input.team);
  const keys = await ds.manager.find(ApiKey, { where: { teamId: team.id }, order: { id: 'DESC' } });
  const spend = new Map(
    (
      await readKeySpend(
        ds,
        keys.map((k) => k.id),
      )
    ).map((s) => [s.keyId, s]),
  );
  return {
    team_id: team.id,
    team: team.name,
    keys: keys.map((k) => ({
      ...keyView(k),
      spent_today: spend.get(k.id)?.spentToday ?? 0,
      spent_this_month: spend.get(k.id)?.spentThisMonth ?? 0,
    })),
  };
}

/** `--key-id` or `--prefix`, exactly one. */
function keySelector(opts: { keyId?: string; prefix?: string }): KeySelector {
  if ((opts.keyId === undefined) === (opts.prefix === undefined)) {
    throw new UsageError('give exactly one of --key-id or --prefix');
  }
  return opts.keyId !== undefined
    ? { keyId: positiveInt('--key-id', opts.keyId) }
    : { prefix: keyPrefix('--prefix', opts.prefix!) };
}

const cap = (flag: string, raw: string | undefined) => (raw === undefined ? undefined : capOrNone(flag, raw));

export function registerKeyCommands(program: Command, run: Runner): void {
  program
    .command('key:create')
    .description('create an API key for a team; the key is printed once and stored only as a SHA-256 hash')
    .requiredOption('--team <team>', 'team name or id')
    .option(
      '--endpoints <paths>',
      'comma-separated paths the key may call, e.g. /person/enrich,/sandbox/person/enrich (default: all)',
    )
    .option('--daily-cap <credits>', 'credits the key may spend per UTC day (default: none)')
    .option('--monthly-cap <credits>', 'credits the key may spend per UTC calendar month (default: none)')
    .action((opts: { team: string; endpoints?: string; dailyCap?: string; monthlyCap?: string }) => {
      const input: CreateKeyInput = {
        team: teamRef('--team', opts.team),
        endpoints: opts.endpoints === undefined ? null : endpoints('--endpoints', opts.endpoints),
        caps: {
          dailyCap: cap('--daily-cap', opts.dailyCap) ?? null,
          monthlyCap: cap('--monthly-cap', opts.monthlyCap) ?? null,
        },
      };
      return run((ds, _config, _out, actor) => createKey(ds, input, actor));
    });

  program
    .command('key:revoke')
    .description('revoke an API key by id or by prefix; it stops working at once')
    .option('--key-id <id>', 'key id (from key:create or key:list)')
    .option('--prefix <prefix>', 'key prefix, e.g. svc_AbCd1234')
    .action((opts: { keyId?: string; prefix?: string }) => {
      const selector = keySelector(opts);
      return run((ds, config, _out, actor) => revokeKey(ds, config, selector, actor));
    });

  program
    .command('key:update')
    .description(
      "set or remove an API key's spend caps (credits per UTC day / month); they bind its next charge",
    )
    .option('--key-id <id>', 'key id (from key:create or key:list)')
    .option('--prefix <prefix>', 'key prefix, e.g. svc_AbCd1234')
    .option('--daily-cap <credits>', 'credits per UTC day, or none to remove the cap')
    .option('--monthly-cap <credits>', 'credits per UTC calendar month, or none to remove the cap')
    .action((opts: { keyId?: string; prefix?: string; dailyCap?: string; monthlyCap?: string }) => {
      const selector = keySelector(opts);
      const update: KeyCapsUpdate = {
        dailyCap: cap('--daily-cap', opts.dailyCap),
        monthlyCap: cap('--monthly-cap', opts.monthlyCap),
      };
      if (update.dailyCap === undefined && update.monthlyCap === undefined)
        throw new UsageError('give --daily-cap, --monthly-cap or both (a number of credits, or none)');
      return run((ds, _config, _out, actor) => updateKeyCaps(ds, selector, update, actor));
    });

  program
    .command('key:list')
    .description(
      "list a team's API keys (never the keys themselves), with their caps and spend this UTC day and month",
    )
    .requiredOption('--team <team>', 'team name or id')
    .action((opts: { team: string }) => {
      const input = { team: teamRef('--team', opts.team) };
      return run((ds) => listKeys(ds, input));
    });
}
