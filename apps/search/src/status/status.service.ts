import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { hostname } from 'node:os';
import { SearchStatusReply } from '@app/contracts';
import { OPENSEARCH } from '../opensearch/opensearch.module';

const WORKER = `${hostname()}:${process.pid}`;

@Injectable()
export class StatusService {
  constructor(@Inject(OPENSEARCH) private readonly client: Client) {}

  async status(): Promise<SearchStatusReply> {
    const start = Date.now();
    try {
      const [health, info] = await Promise.all([
        this.client.cluster.health({}, { requestTimeout: 1500 }),
        this.client.info({}, { requestTimeout: 1500 }),
      ]);
      return {
        worker: WORKER,
        opensearch: {
          status: health.body.status as 'green',
          version: info.body.version.number,
          took_ms: Date.now() - start,
        },
      };
    } catch {
      return { worker: WORKER, opensearch: { status: 'down', version: null, took_ms: Date.now() - start } };
    }
  }
}
