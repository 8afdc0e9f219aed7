import { DataSource } from 'typeorm';

export interface DependencyCheck {
  status: 'up' | 'down';
  took_ms: number;
  [detail: string]: unknown;
}

export interface Timed<T> {
  value?: T;
  error?: unknown;
  took_ms: number;
}

export async function timed<T>(fn: () => Promise<T>): Promise<Timed<T>> {
  const start = process.hrtime.bigint();
  const took = () => Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100;
  try {
    const value = await fn();
    return { value, took_ms: took() };
  } catch (error) {
    return { error, took_ms: took() };
  }
}

export function toCheck(result: Timed<unknown>, extra: Record<string, unknown> = {}): DependencyCheck {
  if (result.error !== undefined) {
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    return { status: 'down', took_ms: result.took_ms, reason };
  }
  return { status: 'up', took_ms: result.took_ms, ...extra };
}

/** Longest a dependency check may take: /health must answer while a dependency hangs. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/** `work`, or a rejection once `ms` have passed (the work itself is left to its own bounds). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

export function checkPostgres(db: DataSource, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<DependencyCheck> {
  return timed(() => withTimeout(db.query('SELECT 1'), timeoutMs, 'postgres')).then((r) => toCheck(r));
}

/** The shape /health answers with; when anything is down it travels inside a 503 ErrorResponse. */
export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, DependencyCheck>;
}

export function healthReport(checks: Record<string, DependencyCheck>): HealthReport {
  const degraded = Object.values(checks).some((c) => c.status === 'down');
  return { status: degraded ? 'degraded' : 'ok', checks };
}
