import { createHash } from 'node:crypto';
import { ServiceError } from '@app/contracts';
import { MAX_IDENTIFIERS, normalizeIdentifiers } from './identifiers';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('normalizeIdentifiers', () => {
  it('normalizes as enrichment does and keeps only the sha256 of the normalized value', () => {
    const { identifiers, svcIds } = normalizeIdentifiers({
      email: [' Dana.Whitfield@Example.COM ', 'dana.whitfield@example.com'],
      phone: ['(415) 555-0123'],
      svc_id: ['86853A6C-6CE2-4EBA-8E7A-C5F6DFBC3FF7'],
    });
    expect(identifiers.map((i) => [i.kind, i.hash])).toEqual([
      ['email', sha256('dana.whitfield@example.com')],
      ['phone', sha256('+14155550123')],
    ]);
    expect(svcIds).toEqual(['86853a6c-6ce2-4eba-8e7a-c5f6dfbc3ff7']);
  });

  it.each<[string, object, string]>([
    ['nothing', {}, 'no_identifier'],
    ['empty lists', { email: [], phone: [] }, 'no_identifier'],
    [
      'too many values',
      { email: Array.from({ length: MAX_IDENTIFIERS + 1 }, (_, i) => `a${i}@b.example`) },
      'too_many',
    ],
  ])('refuses %s', (_label, input, reason) => {
    let error: unknown;
    try {
      normalizeIdentifiers(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).details).toMatchObject({ reason });
  });

  it('refuses what enrichment refuses, naming the field', () => {
    expect(() => normalizeIdentifiers({ email: ['not-an-address'] })).toThrow(/email/);
    expect(() => normalizeIdentifiers({ svc_id: ['12'] })).toThrow(/svc_id/);
  });
});
