import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { broadcastKeyRevocations } from '@app/server';
import {
  AgentNotFoundError,
  appendAudit,
  ConnectedAgent,
  disconnectAgent,
  findConnectedAgent,
  listConnectedAgents,
  SessionAccount,
} from '@app/store';

export type Disconnection = 'everywhere' | 'delayed';

/** The connected-apps page: a person's agents, and disconnecting one (its keys revoked on every gateway). */
@Injectable()
export class ConnectedAppsService {
  private readonly log = new Logger(ConnectedAppsService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(accountId: number): Promise<ConnectedAgent[]> {
    return listConnectedAgents(this.ds, accountId);
  }

  /**
   * Postgres first (the revocation is then final), then NATS so every gateway drops the keys
   * from its cache at once. When NATS cannot be reached the keys still stop working within
   * API_KEY_CACHE_TTL_MS, and the page says so. The audit log records the disconnect in the same
   * transaction; disconnecting an app already disconnected (a form sent twice) changes nothing and
   * records nothing.
   */
  async disconnect(
    agentId: string,
    account: Pick<SessionAccount, 'accountId' | 'email'>,
  ): Promise<Disconnection> {
    const { accountId, email } = account;
    let revokedHashes: string[];
    try {
      revokedHashes = await this.ds.transaction(async (em) => {
        const connected = await findConnectedAgent(em, agentId, accountId, { lock: true });
        const hashes = await disconnectAgent(em, agentId, accountId);
        if (connected) {
          await appendAudit(em, {
            actor: { kind: 'account', id: accountId, email },
            action: 'agent.disconnect',
            teamId: connected.teamId,
            target: `agent:${agentId}`,
            before: { name: connected.name, connected: true },
            after: { connected: false, revoked_keys: hashes.length },
          });
        }
        return hashes;
      });
    } catch (error) {
      if (error instanceof AgentNotFoundError)
        throw new ServiceError('not_found', 'You have no connected app with this id.');
      throw error;
    }
    try {
      await broadcastKeyRevocations(this.config, revokedHashes);
      return 'everywhere';
    } catch (error) {
      this.log.warn(`key revocation broadcast failed: ${(error as Error).message}`);
      return 'delayed';
    }
  }
}
