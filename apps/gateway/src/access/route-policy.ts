import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DEFAULT_RATE_LIMIT, RateLimitName } from './rate-limits/rate-limit-table';

export const IS_PUBLIC = 'svc:access:public';
export const IS_BILLED = 'svc:access:billed';
export const ENTERPRISE_RULE = 'svc:access:enterprise';
export const RATE_LIMIT_NAME = 'svc:access:rate-limit';

/** `all`: every key needs an enterprise team; `agent_keys`: only agent keys do (search, SPEC Authentication 5). */
export type EnterpriseRule = 'all' | 'agent_keys';

/** Everything the guard chain needs to know about a route, from its decorators. */
export interface RoutePolicy {
  isPublic: boolean;
  billed: boolean;
  enterprise: EnterpriseRule | null;
  rateLimit: RateLimitName;
}

/**
 * Reads the access decorators once per (controller, handler) and remembers the result, so the
 * guard does one map lookup per request instead of several reflection calls. Keyed by class as
 * well as handler because a handler inherited by two controllers may carry different class rules.
 */
@Injectable()
export class RoutePolicies {
  private readonly byClass = new WeakMap<object, WeakMap<object, RoutePolicy>>();

  constructor(private readonly reflector: Reflector) {}

  of(context: ExecutionContext): RoutePolicy {
    const cls = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.byClass.get(cls);
    if (!byHandler) this.byClass.set(cls, (byHandler = new WeakMap()));
    let policy = byHandler.get(handler);
    if (!policy) byHandler.set(handler, (policy = this.read(handler, cls)));
    return policy;
  }

  private read(
    handler: ReturnType<ExecutionContext['getHandler']>,
    cls: ReturnType<ExecutionContext['getClass']>,
  ): RoutePolicy {
    const get = <T>(key: string) => this.reflector.getAllAndOverride<T | undefined>(key, [handler, cls]);
    return {
      isPublic: get<boolean>(IS_PUBLIC) === true,
      billed: get<boolean>(IS_BILLED) === true,
      enterprise: get<EnterpriseRule>(ENTERPRISE_RULE) ?? null,
      rateLimit: get<RateLimitName>(RATE_LIMIT_NAME) ?? DEFAULT_RATE_LIMIT,
    };
  }
}
