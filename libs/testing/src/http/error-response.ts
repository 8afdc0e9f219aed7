import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Every error is `{error, message, details}` (docs/errors.md); returns the body for more checks.
 * node:assert rather than jest's `expect`: benches load this library too and compile without
 * jest's types, and a thrown AssertionError fails a jest test all the same.
 */
export function expectErrorResponse(res: LightMyRequestResponse, status: number, error: string) {
  assert.equal(res.statusCode, status, `status ${res.statusCode}, expected ${status}: ${res.body}`);
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ['details', 'error', 'message']);
  assert.equal(body.error, error);
  assert.equal(typeof body.message, 'string');
  return body;
}

/** The `{field, problems}` entries of a 422, by field. */
export function problemFields(body: { details: unknown }): string[] {
  return (body.details as { field: string }[]).map((d) => d.field);
}
