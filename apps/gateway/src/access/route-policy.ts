import { ExecutionContext, Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { BuildKind } from '@app/contracts';
import { DEFAULT_RATE_LIMIT, RateLimitName } from './rate-limits/rate-limit-table';
import { buildKindOf, scopeOf } from './scope';

export const IS_PUBLIC = 'svc:access:public';
export const IS_AGENT_TOKEN = 'svc:access:agent-token';
export const IS_BILLED = 'svc:access:billed';
export const ENTERPRISE_RULE = 'svc:access:enterprise';
export const RATE_LIMIT_NAME = 'svc:access:rate-limit';

/** `all`: every key needs an enterprise team; `agent_keys`: only agent keys do (search, SPEC Authentication 5). */
export type EnterpriseRule = 'all' | 'agent_keys';

/** Everything the guard chain needs to know about a route, from its decorators and its path. */
export interface RoutePolicy {
  /** No API key: the API-key guard's steps (key, scope, tier, credits, rate limit) do not apply. */
  isPublic: boolean;
  /**
   * Authenticated by an agent's access token instead (POST /agent/key): public for the API-key
   * guard; the route's own guard verifies the token and applies `rateLimit` per agent.
   */
  agentToken: boolean;
  /** Each returned match costs a credit: a billed handler outside the sandbox. */
  billed: boolean;
  enterprise: EnterpriseRule | null;
  rateLimit: RateLimitName;
}

/** One route a controller declares, with the policy the guard applies to it. */
export interface RouteEntry {
  method: string;
  /** As Fastify matches it and scopes count it: `/person/enrich`. */
  path: string;
  policy: RoutePolicy;
}

/** A handler's policy on its live path and on a /sandbox/ one. */
type ByBuild = Record<BuildKind, RoutePolicy>;
type Handler = ReturnType<ExecutionContext['getHandler']>;
type ControllerClass = ReturnType<ExecutionContext['getClass']>;

/**
 * Reads the access decorators once per (controller, handler) and remembers the result, so the
 * guard does one map lookup per request instead of several reflection calls. Keyed by class as
 * well as handler because a handler inherited by two controllers may carry different class rules.
 *
 * One handler may serve a live path and its /sandbox/ mirror: the mirror's policy is the live
 * one minus what the sandbox waives for every key (SPEC, Authentication 3): credits and contract,
 * and route-level tier rules. Rules a handler applies itself (multiple_results) still apply.
 */
@Injectable()
export class RoutePolicies {
  private readonly byClass = new WeakMap<object, WeakMap<object, ByBuild>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  /** The policy of the route this request came in on. */
  of(
    context: ExecutionContext,
    scope = scopeOf(context.switchToHttp().getRequest<FastifyRequest>()),
  ): RoutePolicy {
    return this.at(context.getClass(), context.getHandler(), scope);
  }

  at(cls: ControllerClass, handler: Handler, path: string): RoutePolicy {
    let byHandler = this.byClass.get(cls);
    if (!byHandler) this.byClass.set(cls, (byHandler = new WeakMap()));
    let policies = byHandler.get(handler);
    if (!policies) byHandler.set(handler, (policies = this.read(handler, cls)));
    return policies[buildKindOf(path)];
  }

  /** Every route of every controller with its policy: for the OpenAPI document and the route table test. */
  routes(): RouteEntry[] {
    const routes: RouteEntry[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const cls = wrapper.metatype as ControllerClass | null;
      if (!cls?.prototype) continue;
      const prefixes = pathsOf(Reflect.getMetadata(PATH_METADATA, cls));
      for (const name of this.scanner.getAllMethodNames(cls.prototype)) {
        const handler = (cls.prototype as Record<string, Handler>)[name];
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        for (const prefix of prefixes)
          for (const path of pathsOf(paths)) {
            const full = joinPath(prefix, path);
            routes.push({ method, path: full, policy: this.at(cls, handler, full) });
          }
      }
    }
    return routes;
  }

  private read(handler: Handler, cls: ControllerClass): ByBuild {
    const get = <T>(key: string) => this.reflector.getAllAndOverride<T | undefined>(key, [handler, cls]);
    const live: RoutePolicy = {
      isPublic: get<boolean>(IS_PUBLIC) === true,
      agentToken: get<boolean>(IS_AGENT_TOKEN) === true,
      billed: get<boolean>(IS_BILLED) === true,
      enterprise: get<EnterpriseRule>(ENTERPRISE_RULE) ?? null,
      rateLimit: get<RateLimitName>(RATE_LIMIT_NAME) ?? DEFAULT_RATE_LIMIT,
    };
    return { live, sandbox: { ...live, billed: false, enterprise: null } };
  }
}

const pathsOf = (paths: string | string[] | undefined): string[] =>
  paths === undefined ? ['/'] : Array.isArray(paths) ? paths : [paths];

/** Nest's own joining of controller and method paths, as Fastify then registers them. */
function joinPath(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}
