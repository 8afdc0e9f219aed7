import { ServiceError } from '@app/contracts';
import { type CursorScope, openCursor, sealCursor } from './page-cursor';

const key = Buffer.alloc(32, 1);
const scope: CursorScope = {
  teamId: 7,
  route: 'search',
  entity: 'person',
  kind: 'live',
  query: "SELECT * FROM people WHERE city = 'berlin'",
};
const next = {
  index: 'svc_people_live_1.0.0_2026-11-21_abc',
  after: 'f3c1',
  pit: 'cGl0+/=',
  count: { total: 30_000, status: 'exact' as const },
};
const now = 1_800_000_000_000;
const sealed = sealCursor(scope, next, null, key, now + 120_000);

function refusal(run: () => unknown): { code: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('the cursor opened');
}

describe('page cursors', () => {
  it('round-trips the resume point and a discover walk’s reading, URL-safe and opaque', () => {
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('svc_people');
    expect(openCursor(sealed, scope, key, now)).toEqual({ next, reading: null });
    const reading = {
      generated_query: "SELECT * FROM people WHERE city = 'berlin'",
      interpretation: {
        produced_by: 'parser' as const,
        recognised: [],
        unsupported: [],
        ignored: [],
        not_in_build: [],
      },
    };
    const discover = { ...scope, route: 'discover' as const, query: 'people in berlin' };
    expect(openCursor(sealCursor(discover, next, reading, key, now + 1), discover, key, now)).toEqual({
      next,
      reading,
    });
  });

  it('refuses any altered byte, a truncated or padded cursor, and another key as invalid_cursor', () => {
    for (let at = 0; at < sealed.length; at += 7) {
      const altered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
      expect(refusal(() => openCursor(altered, scope, key, now)).code).toBe('invalid_cursor');
    }
    for (const raw of [sealed.slice(0, -1), `${sealed}A`, `${sealed}=`, '', 'x'.repeat(20_000)])
      expect(refusal(() => openCursor(raw, scope, key, now)).code).toBe('invalid_cursor');
    expect(refusal(() => openCursor(sealed, scope, Buffer.alloc(32, 2), now)).code).toBe('invalid_cursor');
  });

  it('refuses another team’s cursor without naming that team', () => {
    const r = refusal(() => openCursor(sealed, { ...scope, teamId: 8 }, key, now));
    expect(r).toEqual({ code: 'invalid_cursor', details: { parameter: 'cursor', reason: 'other_team' } });
  });

  it('refuses the cursor of another query, naming what differs', () => {
    const cases: [Partial<CursorScope>, string[]][] = [
      [{ query: `${scope.query} ` }, ['query']],
      [{ kind: 'sandbox' }, ['kind']],
      [{ entity: 'company' }, ['entity']],
      [{ route: 'discover' }, ['route']],
    ];
    for (const [change, mismatched] of cases)
      expect(refusal(() => openCursor(sealed, { ...scope, ...change }, key, now))).toEqual({
        code: 'invalid_cursor',
        details: { parameter: 'cursor', reason: 'other_query', mismatched },
      });
  });

  it('expires after its keep-alive, as cursor_expired', () => {
    expect(openCursor(sealed, scope, key, now + 120_000).next).toEqual(next);
    expect(refusal(() => openCursor(sealed, scope, key, now + 120_001)).code).toBe('cursor_expired');
  });
});
