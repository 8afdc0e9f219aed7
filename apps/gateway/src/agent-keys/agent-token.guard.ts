import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RateLimitGuard, scopeOf, setRateLimitSubject } from '../access';
import { requestSlot } from '../request-slot';
import { AgentToken, AgentTokenVerifier } from './agent-token.verifier';

const AGENT_TOKEN = requestSlot<AgentToken>('svc.agent-token');

/**
 * The guard of @AgentTokenAuth() routes, after the global API-key guard let them through as
 * public: the bearer token (401 `invalid_token`, 503 when it cannot be checked), then the
 * route's rate limit counted per agent (429), as AccessGuard counts per key.
 */
@Injectable()
export class AgentTokenGuard implements CanActivate {
  constructor(
    private readonly verifier: AgentTokenVerifier,
    private readonly rateLimit: RateLimitGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = await this.verifier.verify(request.headers.authorization);
    AGENT_TOKEN.set(request, token);
    setRateLimitSubject(request, { tracker: `agent:${token.agentId}`, scope: scopeOf(request) });
    return this.rateLimit.canActivate(context);
  }
}

/** The verified token of an @AgentTokenAuth() route; a miss is a wiring bug. */
export const CurrentAgentToken = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AgentToken => {
    const token = AGENT_TOKEN.get(context.switchToHttp().getRequest<object>());
    if (!token) throw new Error('no agent token on this request: is the route @AgentTokenAuth()?');
    return token;
  },
);
