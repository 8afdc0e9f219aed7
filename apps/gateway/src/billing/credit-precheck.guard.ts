import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../access';
import { CreditsService } from './credits.service';

/**
 * The contract and credit pre-check of a billed route (402 before any work). A global guard
 * registered after AccessGuard (BillingModule comes after AccessModule in the gateway), so it
 * runs once the key is known and its rate limit counted: a team out of credits still cannot
 * make unlimited requests that each cost a 402 (and, when its cached balance says "short", a
 * Postgres read).
 */
@Injectable()
export class CreditPrecheckGuard implements CanActivate {
  constructor(private readonly credits: CreditsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = accessOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (access?.billed) await this.credits.precheck(access.caller);
    return true;
  }
}
