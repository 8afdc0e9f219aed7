import { ServiceError } from '@app/contracts';
import { ChangelogScope, readCursor, writeCursor } from './changes-cursor';

const SCOPE: ChangelogScope = {
  kind: 'live',
  from: '1.0.0_2026-12-01',
  to: '1.1.0_2026-12-08',
  entity: 'person',
};
const AFTER = '0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';
const encode = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

function refusal(raw: string, scope = SCOPE): ServiceError {
  try {
    readCursor(raw, scope);
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('the cursor was accepted');
}

describe('the changelog cursor', () => {
  it('reads back the position it was written with, for the same changelog', () => {
    const cursor = writeCursor(SCOPE, AFTER);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readCursor(cursor, { ...SCOPE })).toBe(AFTER);
  });

  it.each([
    ['the path (sandbox)', { kind: 'sandbox' }, ['kind']],
    ['from', { from: '1.0.1_2026-12-01' }, ['from']],
    ['to and entity', { to: '1.2.0_2026-12-09', entity: 'company' }, ['to', 'entity']],
  ] as const)('refuses 400 when used with another %s, naming what differs', (_what, other, mismatched) => {
    const error = refusal(writeCursor(SCOPE, AFTER), { ...SCOPE, ...other });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.status).toBe(400);
    expect(error.toBody()).toMatchObject({
      error: 'invalid_request',
      details: { parameter: 'cursor', reason: 'mismatched', mismatched, cursor: SCOPE },
    });
    expect(error.message).toContain('leave cursor out');
  });

  const good = { v: 1, ...SCOPE, after: AFTER };
  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/='],
    ['too long', 'A'.repeat(600)],
    ['a loose encoding', `${writeCursor(SCOPE, AFTER)}A`],
    ['not JSON', Buffer.from('{nope', 'utf8').toString('base64url')],
    ['an array', encode([good])],
    ['another version', encode({ ...good, v: 2 })],
    ['an extra field', encode({ ...good, extra: 1 })],
    ['a missing field', encode({ ...good, after: undefined })],
    ['an svc_id that is no uuid', encode({ ...good, after: "x' OR 1=1" })],
    ['an uppercase uuid', encode({ ...good, after: AFTER.toUpperCase() })],
    ['a build name that is none', encode({ ...good, from: 'latest' })],
    ['an unknown kind', encode({ ...good, kind: 'staging' })],
    ['an unknown entity', encode({ ...good, entity: 'people' })],
  ])('refuses 400 a cursor that is %s', (_what, raw) => {
    const error = refusal(raw);
    expect(error.status).toBe(400);
    expect(error.toBody()).toMatchObject({
      error: 'invalid_request',
      details: { parameter: 'cursor', reason: 'malformed' },
    });
  });
});
