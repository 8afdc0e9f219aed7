import { CanActivate, Inject, Injectable } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { isOperator } from '@app/server';

/**
 * Operator routes: `Authorization: Bearer <OPERATOR_TOKEN>` (compared in constant time), never
 * an API key. Without OPERATOR_TOKEN configured they are off (403), so a deployment that never
 * set one exposes nothing.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.operatorToken)
      throw new ServiceError(
        'forbidden',
        'Operator routes are off: set OPERATOR_TOKEN on the gateway to use them (docs/privacy.md).',
      );
    const authorization = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
    if (!isOperator(authorization, this.config.operatorToken))
      throw new ServiceError(
        'unauthorized',
        'Operator routes take `Authorization: Bearer <OPERATOR_TOKEN>`; the header is missing or the token is wrong.',
      );
    return true;
  }
}
