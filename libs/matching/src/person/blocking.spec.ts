import { blockingPlan, fuzzyBlockingPlan } from './blocking';
import { normalizePersonQuery } from './query';

describe('blockingPlan', () => {
  const bob = normalizePersonQuery({ full_name: 'Bob Okonkwo-Vale', city: 'SF', company: 'acme.example' });

  it('first blocks on the last-name readings with the first name and its nicknames', () => {
    const plan = blockingPlan(bob);
    expect(plan?.lastName?.lastNames).toEqual(['vale', 'okonkwo vale']);
    expect(plan?.lastName?.firstNames).toEqual(expect.arrayContaining(['bob', 'robert', 'rob']));
    expect(plan?.lastName?.firstInitials).toBeNull();
    // The broad rules wait for the second pass.
    expect(plan?.firstNameCompany).toBeNull();
    expect(plan?.firstNameCity).toBeNull();
    expect(plan?.firstNameLastInitial).toBeNull();
    expect(plan?.prefer).toEqual({ city: 'san francisco', state: null, domain: 'acme.example' });
  });

  it('then broadens to first initials, the employer, the city and the last-name initial', () => {
    const plan = fuzzyBlockingPlan(bob);
    expect(plan?.lastName).toEqual({
      lastNames: ['vale', 'okonkwo vale'],
      firstNames: null,
      // bob's nicknames' initials: bob, robert, dob (published list), hob, …
      firstInitials: ['b', 'd', 'h', 'r'],
    });
    expect(plan?.firstNameCity?.firstNames).toEqual(expect.arrayContaining(['bob', 'robert', 'rob']));
    expect(plan?.firstNameCity?.cities).toEqual(['san francisco']);
    expect(plan?.firstNameLastInitial?.lastInitials).toEqual(['o', 'v']);
    expect(plan?.firstNameCompany).toEqual(
      expect.objectContaining({ domains: ['acme.example'], companyNames: [] }),
    );
    expect(plan?.firstNameCompany?.firstNames).toEqual(expect.arrayContaining(['bob', 'robert', 'rob']));
    expect(fuzzyBlockingPlan(normalizePersonQuery({ first_name: 'A.', last_name: 'Quill' }))).toBeNull();
    expect(fuzzyBlockingPlan(normalizePersonQuery({ first_name: 'Ingrid', city: 'Austin' }))).toBeNull();
  });

  it('blocks a last name alone on every first name', () => {
    expect(blockingPlan(normalizePersonQuery({ last_name: 'Quill', school: 'x' }))?.lastName).toEqual({
      lastNames: ['quill'],
      firstNames: null,
      firstInitials: null,
    });
  });

  it('blocks an initial on its letter, without first-name rules', () => {
    const plan = blockingPlan(normalizePersonQuery({ first_name: 'A.', last_name: 'Quill', city: 'Austin' }));
    expect(plan?.lastName?.firstInitials).toEqual(['a']);
    expect(plan?.firstNameCity).toBeNull();
  });

  it('blocks a first name alone by place or employer only, in the first pass', () => {
    expect(
      blockingPlan(normalizePersonQuery({ first_name: 'Ingrid', city: 'Austin' }))?.firstNameCity,
    ).toEqual({
      firstNames: ['ingrid'],
      cities: ['austin'],
    });
    const plan = blockingPlan(normalizePersonQuery({ first_name: 'Ingrid', company: 'PebblePath' }));
    expect(plan?.lastName).toBeNull();
    expect(plan?.firstNameCompany).toEqual({
      firstNames: ['ingrid'],
      domains: [],
      companyNames: ['pebblepath'],
    });
    expect(blockingPlan(normalizePersonQuery({ first_name: 'Ingrid', school: 'x' }))).toBeNull();
  });

  it('blocks the other readings of a name narrowly in the first pass', () => {
    const swapped = blockingPlan(
      normalizePersonQuery({ first_name: 'Okafor', last_name: 'Ngozi', city: 'x' }),
    );
    expect(swapped?.otherNames).toEqual([
      { lastNames: ['okafor'], firstNames: expect.arrayContaining(['ngozi']), firstInitials: null },
    ]);
    const family = blockingPlan(normalizePersonQuery({ full_name: 'Wang Xiao Ming', city: 'x' }));
    expect(family?.otherNames.map((r) => [r.lastNames, r.firstNames?.[0]])).toEqual([
      [['wang'], 'xiao ming'],
      [['wang'], 'xiao'],
      [['wang xiao'], 'ming'],
    ]);
    // A name with an initial is read the other way on the initial's letter; a lone word is not.
    expect(
      blockingPlan(normalizePersonQuery({ first_name: 'Quill', last_name: 'A', city: 'x' }))?.otherNames,
    ).toEqual([]);
    expect(blockingPlan(normalizePersonQuery({ full_name: 'Quill', city: 'x' }))?.otherNames).toEqual([]);
  });

  it('looks for parts of surnames in the first pass', () => {
    const part = blockingPlan(normalizePersonQuery({ first_name: 'Maria', last_name: 'Garcia', city: 'x' }));
    expect(part?.surnameParts).toEqual({
      lastNames: [],
      words: ['garcia'],
      firstNames: expect.arrayContaining(['maria']),
    });
    const double = blockingPlan(
      normalizePersonQuery({ first_name: 'Maria', last_name: 'García-López', city: 'x' }),
    );
    expect(double?.surnameParts?.lastNames).toEqual(['garcia', 'garcialopez', 'lopez']);
    expect(double?.surnameParts?.words).toEqual([]);
    const particle = blockingPlan(
      normalizePersonQuery({ first_name: 'Ludwig', last_name: 'van der Berg', city: 'x' }),
    );
    expect(particle?.surnameParts).toMatchObject({ lastNames: ['berg', 'vanderberg'], words: ['berg'] });
    // An initial is too broad a key for parts of surnames.
    expect(
      blockingPlan(normalizePersonQuery({ first_name: 'M', last_name: 'Garcia', city: 'x' }))?.surnameParts,
    ).toBeNull();
  });

  it('has nothing to block on without a name', () => {
    expect(blockingPlan(normalizePersonQuery({ email: 'a@b.co' }))).toBeNull();
  });
});
