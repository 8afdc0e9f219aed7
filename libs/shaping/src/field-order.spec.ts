import { companyFixture, personFixture, withKeysReversed } from '@app/contracts/testing';
import { inFieldOrder, servedJson } from './field-order';

describe('inFieldOrder / servedJson', () => {
  it('puts every level of a record in SPEC.md order (the fixtures are written in it)', () => {
    expect(servedJson(withKeysReversed(personFixture()), 'person')).toBe(JSON.stringify(personFixture()));
    expect(JSON.stringify(inFieldOrder(withKeysReversed(companyFixture()), 'company'))).toBe(
      JSON.stringify(companyFixture()),
    );
  });

  it('keeps keys the field tree does not know, after the known ones, and drops nothing', () => {
    const record = {
      zz_extra: 1,
      full_name: 'jane doe',
      experience: [{ extra: true, title: { name: 'cto' } }],
    };
    const ordered = inFieldOrder(record, 'person');
    expect(Object.keys(ordered)).toEqual(['full_name', 'experience', 'zz_extra']);
    expect(Object.keys((ordered.experience as object[])[0])).toEqual(['title', 'extra']);
    expect(ordered).toEqual(record);
  });
});
