import { companyFixture, personFixture } from '../../testing';
import {
  normalizeCompanyRecord,
  normalizePersonRecord,
  validateCompanyRecord,
  validatePersonRecord,
} from '../validate';

/** A record with `text` at one raw (kept as written) place, found by its problem path. */
function personWith(path: 'headline.raw[0]' | 'summary.raw[0]', text: string) {
  const p = personFixture();
  (path === 'headline.raw[0]' ? p.headline! : p.summary!).raw[0] = text;
  return p;
}

describe('control characters in records', () => {
  it.each([
    ['headline.raw[0]', 'U+0000', 'Senior\u0000Engineer'],
    ['summary.raw[0]', 'U+001F', 'pipelines\u001fsearch'],
    ['summary.raw[0]', 'U+0007', 'bell\u0007'],
  ] as const)(
    'a person whose %s holds a control character is rejected, naming the field and %s',
    (path, code, text) => {
      expect(validatePersonRecord(personWith(path, text))).toEqual([
        { path, message: `contains the control character ${code}, which no text may hold` },
      ]);
    },
  );

  it('rejects them in company records too', () => {
    const c = companyFixture();
    c.description!.raw[0] = 'search\u0000and reporting';
    expect(validateCompanyRecord(c)).toEqual([
      {
        path: 'description.raw[0]',
        message: 'contains the control character U+0000, which no text may hold',
      },
    ]);
  });

  it('keeps tab, line feed and carriage return, which prose may hold', () => {
    const text = 'First line.\r\nSecond\tline.\n';
    const r = normalizePersonRecord(personWith('summary.raw[0]', text));
    expect(r.ok && r.record.summary?.raw[0]).toBe(text);
    const c = companyFixture();
    c.description!.raw[0] = text;
    const company = normalizeCompanyRecord(c);
    expect(company.ok && company.record.description?.raw[0]).toBe(text);
  });
});
