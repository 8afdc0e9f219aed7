interface PgErrorShape {
  code?: string;
  constraint?: string;
  driverError?: { code?: string; constraint?: string };
}

function pgError(error: unknown): { code?: string; constraint?: string } {
  const e = (error ?? {}) as PgErrorShape;
  return { code: e.code ?? e.driverError?.code, constraint: e.constraint ?? e.driverError?.constraint };
}

/** A Postgres UNIQUE violation (pg error, possibly wrapped in TypeORM's QueryFailedError), optionally of the named index/constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A Postgres CHECK violation, optionally of the named constraint. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === '23514' && (constraint === undefined || e.constraint === constraint);
}
