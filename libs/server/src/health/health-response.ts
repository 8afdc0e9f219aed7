import { ServiceError } from '@app/contracts';
import { HealthReport } from './checks';

/** 200 with the report when all is up; otherwise 503 in the ErrorResponse shape naming what is down. */
export function healthResponse(report: HealthReport): HealthReport {
  if (report.status === 'ok') return report;
  const down = Object.entries(report.checks)
    .filter(([, c]) => c.status === 'down')
    .map(([name]) => name);
  throw new ServiceError('service_unavailable', `Dependencies down: ${down.join(', ')}`, { ...report });
}
