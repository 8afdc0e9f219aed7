import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ServiceError } from '@app/contracts';
import { GatewayMetrics } from '../../metrics/gateway-metrics';
import { rateLimitSubjectOf } from '../caller';

/**
 * @nestjs/throttler's guard, counting per API key and endpoint (not per IP), answering in the
 * ErrorResponse shape, and keeping the X-RateLimit-* headers on the 429 as well. Runs as the last
 * step of AccessGuard, after the key is known, or of the agent-token guard, counting per agent;
 * the limit comes from the route's @RateLimit().
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly metrics: GatewayMetrics,
  ) {
    super(options, storage, reflector);
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
