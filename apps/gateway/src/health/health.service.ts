import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SEARCH_PATTERNS, SearchStatusReply } from '@app/contracts';
import { checkPostgres, DependencyCheck, healthReport, HealthReport, timed, toCheck } from '@app/server';
import { SearchClient } from '../search-client/search-client.service';

const HEALTH_TIMEOUT_MS = 2000;

function opensearchCheck(reply: SearchStatusReply | undefined): DependencyCheck {
  const os = reply?.opensearch;
  if (!os) return { status: 'down', took_ms: 0, reason: 'unknown: no search worker answered' };
  if (os.status === 'down' || os.status === 'red') {
    return { status: 'down', took_ms: os.took_ms, reason: `cluster status ${os.status}` };
  }
  return { status: 'up', took_ms: os.took_ms, cluster_status: os.status, version: os.version };
}

/**
 * Postgres is checked directly. The search worker and OpenSearch are checked by one round
 * trip gateway → NATS → search worker → OpenSearch, the path every search takes.
 */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly search: SearchClient,
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, nats, worker] = await Promise.all([
      checkPostgres(this.db),
      timed(() => this.search.connected(HEALTH_TIMEOUT_MS)),
      timed(() => this.search.send<SearchStatusReply>(SEARCH_PATTERNS.status, {}, HEALTH_TIMEOUT_MS)),
    ]);
    return healthReport({
      postgres,
      nats: toCheck(nats),
      search: toCheck(worker, { worker: worker.value?.worker }),
      opensearch: opensearchCheck(worker.value),
    });
  }
}
