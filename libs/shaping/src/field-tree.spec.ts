import { COMPANY_RECORD_FIELDS, PERSON_RECORD_FIELDS } from '@app/contracts';
import { companyFixture, personFixture, recordPaths } from '@app/contracts/testing';
import { fieldPaths, fieldTree, findField } from './field-tree';
import { suggestPaths } from './suggest';

describe('field tree', () => {
  it('has every top-level record field', () => {
    expect([...fieldTree('person').children.keys()].sort()).toEqual([...PERSON_RECORD_FIELDS].sort());
    expect([...fieldTree('company').children.keys()].sort()).toEqual([...COMPANY_RECORD_FIELDS].sort());
  });

  // Until issue 28 the tree was grown from these fixtures; field order in served records follows it.
  it('is the tree of a record with every field filled, in the same order', () => {
    expect(fieldPaths('person')).toEqual(recordPaths(personFixture()));
    expect(fieldPaths('company')).toEqual(recordPaths(companyFixture()));
  });

  it.each([
    ['person', 'emails.hash_md5'],
    ['person', 'experience.organization.name.cleaned'],
    ['person', 'education.organization.netx_url'],
    ['person', 'certifications.institution.raw'],
    ['person', 'languages.proficiency'],
    ['person', 'socials.id'],
    ['person', 'locations.postal_code_4'],
    ['company', 'name.display'],
    ['company', 'svc_turnover_rate.3m'],
    ['company', 'tickers.exchange'],
    ['company', 'socials.url'],
  ] as const)('reaches %s %s', (entity, path) => {
    expect(findField(entity, path)).toBeDefined();
    expect(fieldPaths(entity)).toContain(path);
  });

  it('treats arrays of strings as leaves', () => {
    expect(findField('person', 'headline.raw')?.children.size).toBe(0);
    expect(findField('company', 'alt_domains')?.children.size).toBe(0);
  });

  it('suggests the shortest near names first', () => {
    expect(suggestPaths('person', 'skill')[0]).toBe('skills');
  });
});
