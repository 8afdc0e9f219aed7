import type { LightMyRequestResponse } from 'fastify';

/** Every error is `{error, message, details}` (docs/errors.md); returns the body for more checks. */
export function expectErrorResponse(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['details', 'error', 'message']);
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  return body;
}

/** The `{field, problems}` entries of a 422, by field. */
export function problemFields(body: { details: unknown }): string[] {
  return (body.details as { field: string }[]).map((d) => d.field);
}
