import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { METRICS_REGISTRY } from '@app/server';
import { type ApiRequestRow, insertApiRequests } from '@app/store';
import { accessOf } from '../access';
import { isSandboxScope } from '../access/scope';
import { accessEndpoint } from '../access-log';
import { chargeOf } from '../billing';
import { DropReason, RequestBatcher } from './request-batcher';

/** docs/usage.md, "How requests are recorded". */
export const USAGE_EVENT_BATCHING = { flushMs: 250, batchRows: 500, maxRows: 20_000 } as const;
const MCP_SCOPE = '/mcp';
/** At most one warning this often: a database away would otherwise log every batch. */
const WARN_EVERY_MS = 60_000;

/**
 * Records every authenticated request (its team known: the key was accepted, whatever the
 * answer) as a usage event, in api_requests, off the request path: Fastify's onResponse hook,
 * after the answer is sent, hands the row to a RequestBatcher. An MCP tool call is its route's
 * request inside this process, named `mcp:<tool>`; the POST /mcp carrying it is recorded only
 * when /mcp itself refused it (an error status), so a tool call counts once, and the protocol's
 * own GET and DELETE (405: no stream, no session) never.
 */
@Injectable()
export class UsageEventsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('UsageEvents');
  private readonly batcher: RequestBatcher<ApiRequestRow>;
  private readonly drops: Counter<'reason'>;
  private readonly written: Counter;
  private warnedAt = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(METRICS_REGISTRY) registry: Registry,
    private readonly adapter: HttpAdapterHost,
  ) {
    this.drops = new Counter({
      name: 'usage_events_dropped_total',
      help: 'Usage events (api_requests rows) not recorded, by reason: buffer_full, write_failed, closed.',
      labelNames: ['reason'],
      registers: [registry],
    });
    this.written = new Counter({
      name: 'usage_events_written_total',
      help: 'Usage events (api_requests rows) written.',
      registers: [registry],
    });
    this.batcher = new RequestBatcher(USAGE_EVENT_BATCHING, {
      write: async (rows) => {
        await insertApiRequests(this.db, rows);
        this.written.inc(rows.length);
      },
      dropped: (rows, reason, error) => this.dropped(rows, reason, error),
    });
  }

  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.addHook('onResponse', (request, reply, done) => {
      this.record(request, reply);
      done();
    });
    // After the server stopped taking requests and answered those in flight, before Nest's
    // shutdown hooks close the database pool (TypeORM's, a global module's, runs before ours).
    fastify.addHook('onClose', async () => this.batcher.close());
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.db.isInitialized) await this.batcher.close();
  }

  /** Writes what waits now: for tests, which read the table right after their requests. */
  flush(): Promise<void> {
    return this.batcher.flush();
  }

  private record(request: FastifyRequest, reply: FastifyReply): void {
    const access = accessOf(request);
    if (!access) return;
    const status = reply.statusCode;
    if (access.scope === MCP_SCOPE && (request.method !== 'POST' || status < 400)) return;
    const charge = chargeOf(request);
    this.batcher.add({
      at: new Date(),
      teamId: access.caller.teamId,
      apiKeyId: access.caller.keyId,
      requestId: String(request.id),
      method: request.method,
      endpoint: accessEndpoint(access.scope),
      status,
      credits: charge?.credits ?? 0,
      chargeId: charge?.chargeId ?? null,
      sandbox: isSandboxScope(access.scope),
    });
  }

  private dropped(rows: number, reason: DropReason, error?: Error): void {
    this.drops.inc({ reason }, rows);
    const now = Date.now();
    if (now - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = now;
    this.logger.warn(`usage events: dropped ${rows} (${reason}${error ? `: ${error.message}` : ''})`);
  }
}
