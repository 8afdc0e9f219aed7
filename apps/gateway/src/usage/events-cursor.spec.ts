import { ServiceError } from '@app/contracts';
import { EventsCursors } from './events-cursor';

describe('EventsCursors', () => {
  const cursors = new EventsCursors(Buffer.alloc(32, 1));
  const q = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', endpoint: null, keyId: 7 };
  const after = { at: '2026-11-29T13:05:00.123456Z', id: '42' };
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      return (error as ServiceError).code;
    }
    return 'read';
  };

  it('reads back what it wrote for the same team', () => {
    expect(cursors.read(3, cursors.write(3, q, after))).toEqual({ q, after });
  });

  it("refuses another team's cursor, an altered one, another key's, and junk", () => {
    const cursor = cursors.write(3, q, after);
    expect(code(() => cursors.read(4, cursor))).toBe('invalid_cursor');
    const [json, tag] = cursor.split('.');
    const body = JSON.parse(Buffer.from(json, 'base64url').toString());
    body.q.keyId = 8;
    const altered = `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${tag}`;
    expect(code(() => cursors.read(3, altered))).toBe('invalid_cursor');
    expect(code(() => new EventsCursors(Buffer.alloc(32, 2)).read(3, cursor))).toBe('invalid_cursor');
    for (const junk of ['', 'abc', 'a.b', `${json}.`, 'x'.repeat(2000)])
      expect(code(() => cursors.read(3, junk))).toBe('invalid_cursor');
  });
});
