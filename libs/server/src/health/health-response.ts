import { createHash, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '@app/contracts';
import { HealthReport } from './checks';

/** What /health tells anyone: up or not, nothing about versions, workers, timings or errors. */
export interface PublicHealth {
  status: 'ok';
}

/**
 * Whether the request carries `Authorization: Bearer <OPERATOR_TOKEN>`. Both sides are hashed
 * before a constant-time compare, so neither the token's content nor its length leaks through
 * timing. No token configured: nobody gets details.
 */
export function isOperator(authorization: string | undefined, token: string | null): boolean {
  if (!token || !authorization) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}

/**
 * 200 when all is up, otherwise 503 in the ErrorResponse shape. Operators (isOperator) get the
 * full report naming what is down and why; everyone else gets the status alone, since versions,
 * worker names and error texts map the deployment for an attacker.
 */
export function healthResponse(report: HealthReport, operator: boolean): HealthReport | PublicHealth {
  if (report.status === 'ok') return operator ? report : { status: 'ok' };
  if (!operator) {
    throw new ServiceError('service_unavailable', 'The service is degraded. Try again shortly.', {
      retry_after_seconds: 5,
    });
  }
  const down = Object.entries(report.checks)
    .filter(([, c]) => c.status === 'down')
    .map(([name]) => name);
  throw new ServiceError('service_unavailable', `Dependencies down: ${down.join(', ')}`, {
    ...report,
    retry_after_seconds: 5,
  });
}
