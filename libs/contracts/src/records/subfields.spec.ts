import { companyFixture, personFixture, recordPaths } from '../testing';
import { COMPANY_RECORD_FIELDS } from './company';
import { PERSON_RECORD_FIELDS } from './person';
import { COMPANY_SUBFIELDS, PERSON_SUBFIELDS } from './subfields';

type Shape = { readonly [key: string]: Shape | null };

/** The declared tree's paths, parents before children, in declaration order. */
function declaredPaths(fields: readonly string[], subfields: Shape): string[] {
  const below = (shape: Shape | null | undefined, prefix: string): string[] =>
    Object.entries(shape ?? {}).flatMap(([key, sub]) => [
      `${prefix}.${key}`,
      ...below(sub, `${prefix}.${key}`),
    ]);
  return fields.flatMap((field) => [field, ...below(subfields[field], field)]);
}

describe('declared subfields', () => {
  // The fixtures fill every field, so the two trees must be one: same paths, same order.
  it('match the person fixture, path for path and in order', () => {
    expect(declaredPaths(PERSON_RECORD_FIELDS, PERSON_SUBFIELDS)).toEqual(recordPaths(personFixture()));
  });

  it('match the company fixture, path for path and in order', () => {
    expect(declaredPaths(COMPANY_RECORD_FIELDS, COMPANY_SUBFIELDS)).toEqual(recordPaths(companyFixture()));
  });

  it('describe only record fields', () => {
    for (const field of Object.keys(PERSON_SUBFIELDS)) expect(PERSON_RECORD_FIELDS).toContain(field);
    for (const field of Object.keys(COMPANY_SUBFIELDS)) expect(COMPANY_RECORD_FIELDS).toContain(field);
  });
});
