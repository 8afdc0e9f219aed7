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
  revokeApiKey,
} from '@app/store';
import { endpoints, keyPrefix, positiveInt, TeamRef, teamRef } from '../args';
import { NotFoundError, UsageError } from '../errors';
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
  };
}

export interface CreateKeyInput {
  team: TeamRef;
  /** null = every endpoint. */
  endpoints: string[] | null;
}

export interface CreateKeyResult {
  /** Shown once; only its SHA-256 is stored. */
  api_key: string;
  key_id: number;
  prefix: string;
  team_id: number;
  endpoints: string[] | null;
}

/** key:create: a standard key for the team (libs/store), shown once; audited without the key. */
export async function createKey(
  ds: DataSource,
  input: CreateKeyInput,
  actor: AuditActor = cliActor(),
): Promise<CreateKeyResult> {
  return ds.transaction(async (em) => {
    const team = await findTeam(em, input.team);
    const { apiKey, key } = await insertApiKey(em, team.id, input.endpoints);
    await appendAudit(em, {
      actor,
      action: 'key.create',
      teamId: team.id,
      target: `key:${key.id}`,
      // The prefix names the key in listings and is not secret; the key and its hash stay out.
      after: { prefix: key.prefix, kind: key.kind, endpoints: key.endpoints },
    });
    return {
      api_key: apiKey,
      key_id: key.id,
      prefix: key.prefix,
      team_id: team.id,
      endpoints: key.endpoints,
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
  if (!revoked) {
    throw new NotFoundError(
      'keyId' in selector
        ? `key ${selector.keyId} not found`
        : `key with prefix ${selector.prefix} not found`,
    );
  }
  const revocation = await broadcastRevoked(config, revoked.alreadyRevoked ? [] : [revoked.key.secretHash]);
  return { ...keyView(revoked.key), already_revoked: revoked.alreadyRevoked, revocation };
}

export interface ListKeysResult {
  team_id: number;
  team: string;
  keys: KeyView[];
}

/** key:list: every key of the team, newest first, without secrets. */
export async function listKeys(ds: DataSource, input: { team: TeamRef }): Promise<ListKeysResult> {
  const team = await findTeam(ds.manager, input.team);
  const keys = await ds.manager.find(ApiKey, { where: { teamId: team.id }, order: { id: 'DESC' } });
  return { team_id: team.id, team: team.name, keys: keys.map(keyView) };
}

export function registerKeyCommands(program: Command, run: Runner): void {
  program
    .command('key:create')
    .description('create an API key for a team; the key is printed once and stored only as a SHA-256 hash')
    .requiredOption('--team <team>', 'team name or id')
    .option(
      '--endpoints <paths>',
      'comma-separated paths the key may call, e.g. /person/enrich,/sandbox/person/enrich (default: all)',
    )
    .action((opts: { team: string; endpoints?: string }) => {
      const input: CreateKeyInput = {
        team: teamRef('--team', opts.team),
        endpoints: opts.endpoints === undefined ? null : endpoints('--endpoints', opts.endpoints),
      };
      return run((ds, _config, _out, actor) => createKey(ds, input, actor));
    });

  program
    .command('key:revoke')
    .description('revoke an API key by id or by prefix; it stops working at once')
    .option('--key-id <id>', 'key id (from key:create or key:list)')
    .option('--prefix <prefix>', 'key prefix, e.g. svc_AbCd1234')
    .action((opts: { keyId?: string; prefix?: string }) => {
      if ((opts.keyId === undefined) === (opts.prefix === undefined)) {
        throw new UsageError('give exactly one of --key-id or --prefix');
      }
      const selector: KeySelector =
        opts.keyId !== undefined
          ? { keyId: positiveInt('--key-id', opts.keyId) }
          : { prefix: keyPrefix('--prefix', opts.prefix!) };
      return run((ds, config, _out, actor) => revokeKey(ds, config, selector, actor));
    });

  program
    .command('key:list')
    .description("list a team's API keys (never the keys themselves)")
    .requiredOption('--team <team>', 'team name or id')
    .action((opts: { team: string }) => {
      const input = { team: teamRef('--team', opts.team) };
      return run((ds) => listKeys(ds, input));
    });
}
