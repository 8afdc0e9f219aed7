import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ServiceError } from '@app/contracts';
import { GatewayMetrics } from '../../metrics/gateway-metrics';
import { rateLimitSubjectOf } from '../caller';
import { ietfRateLimitHeaders } from '../rate-limits/ietf-headers';
import { REFUSED_WHEN_UNCOUNTED } from '../rate-limits/rate-limit-table';
import { CountersUnavailable, REDIS_RETRY_AFTER_MS } from '../rate-limits/redis-throttler.storage';
import { RoutePolicies } from '../route-policy';

/**
 * @nestjs/throttler's guard, counting per API key and endpoint (not per IP), answering in the
 * ErrorResponse shape, and keeping the X-RateLimit-* headers (and the IETF RateLimit-Policy and
 * RateLimit fields beside them) on the 429 as well. Runs as the last
 * step of AccessGuard, after the key is known, or of the agent-token guard, counting per agent;
 * the limit comes from the route's @RateLimit(). When the counters cannot be asked (Redis
 * stalled or down), the route's bucket decides: served uncounted, or, for the costliest
 * (REFUSED_WHEN_UNCOUNTED), a fast 503 with Retry-After.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly metrics: GatewayMetrics,
    private readonly policies: RoutePolicies,
  ) {
    super(options, storage, reflector);
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    try {
      const served = await super.handleRequest(request);
      this.setIetfHeaders(request);
      return served;
    } catch (error) {
      if (!(error instanceof CountersUnavailable)) throw error;
      if (!REFUSED_WHEN_UNCOUNTED.has(this.policies.of(request.context).rateLimit)) return true;
      const { scope } = rateLimitSubjectOf(request.context.switchToHttp().getRequest<object>());
      throw new ServiceError(
        'service_unavailable',
        `Rate limits cannot be counted right now, so ${scope} is paused rather than served unmetered. Retry shortly.`,
        { endpoint: scope, retry_after_seconds: REDIS_RETRY_AFTER_MS / 1000 },
      );
    }
  }

  /** The IETF fields from what the throttler just wrote in its X-RateLimit-* headers. */
  private setIetfHeaders(request: ThrottlerRequest): void {
    const reply = request.context.switchToHttp().getResponse<FastifyReply>();
    const remaining = reply.getHeader(`${this.headerPrefix}-Remaining`);
    const reset = reply.getHeader(`${this.headerPrefix}-Reset`);
    if (remaining === undefined || reset === undefined) return;
    this.writeIetf(reply, request.context, request.limit, request.ttl, Number(remaining), Number(reset));
  }

  private writeIetf(
    reply: FastifyReply,
    context: ExecutionContext,
    limit: number,
    ttlMs: number,
    remaining: number,
    reset: number,
  ): void {
    const bucket = this.policies.of(context).rateLimit;
    const headers = ietfRateLimitHeaders({ bucket, limit, remaining, reset, windowSeconds: ttlMs / 1000 });
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return rateLimitSubjectOf(request).tracker;
  }

  protected override generateKey(context: ExecutionContext, tracker: string): string {
    return `${tracker}:${rateLimitSubjectOf(context.switchToHttp().getRequest<object>()).scope}`;
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const { scope } = rateLimitSubjectOf(context.switchToHttp().getRequest<object>());
    this.metrics.refused(scope);
    void reply.header(`${this.headerPrefix}-Limit`, detail.limit);
    void reply.header(`${this.headerPrefix}-Remaining`, 0);
    void reply.header(`${this.headerPrefix}-Reset`, detail.timeToBlockExpire);
    this.writeIetf(reply, context, detail.limit, detail.ttl, 0, detail.timeToBlockExpire);
    throw new ServiceError(
      'rate_limited',
      `Rate limit of ${detail.limit} requests per ${detail.ttl / 1000} s for ${scope} exceeded. ` +
        `Retry after ${detail.timeToBlockExpire} s.`,
      {
        endpoint: scope,
        limit: detail.limit,
        window_seconds: detail.ttl / 1000,
        retry_after_seconds: detail.timeToBlockExpire,
      },
    );
  }
}
