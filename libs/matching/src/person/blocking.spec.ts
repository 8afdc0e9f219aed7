import { blockingPlan } from './blocking';
import { normalizePersonQuery } from './query';

describe('blockingPlan', () => {
  it('blocks on the last-name readings and the initials of the first name and its nicknames', () => {
    const plan = blockingPlan(
      normalizePersonQuery({ full_name: 'Bob Okonkwo-Vale', city: 'SF', company: 'acme.example' }),
    );
    expect(plan?.lastName).toEqual({ lastNames: ['vale', 'okonkwo vale'], firstInitials: ['b', 'r'] });
    expect(plan?.firstNameCity?.firstNames).toEqual(expect.arrayContaining(['bob', 'robert', 'rob']));
    expect(plan?.firstNameCity?.cities).toEqual(['san francisco']);
    expect(plan?.firstNameCompany).toEqual(
      expect.objectContaining({ domains: ['acme.example'], companyNames: [] }),
    );
    expect(plan?.prefer).toEqual({ city: 'san francisco', state: null, domain: 'acme.example' });
  });

  it('blocks a last name alone on every first name', () => {
    expect(blockingPlan(normalizePersonQuery({ last_name: 'Quill', school: 'x' }))?.lastName).toEqual({
      lastNames: ['quill'],
      firstInitials: null,
    });
  });

  it('blocks an initial on its letter, without first-name rules', () => {
    const plan = blockingPlan(normalizePersonQuery({ first_name: 'A.', last_name: 'Quill', city: 'Austin' }));
    expect(plan?.lastName?.firstInitials).toEqual(['a']);
    expect(plan?.firstNameCity).toBeNull();
  });

  it('blocks a first name alone by place or employer only', () => {
    const plan = blockingPlan(normalizePersonQuery({ first_name: 'Ada', company: 'PebblePath' }));
    expect(plan?.lastName).toBeNull();
    expect(plan?.firstNameCompany).toEqual({
      firstNames: ['ada'],
      domains: [],
      companyNames: ['pebblepath'],
    });
    expect(blockingPlan(normalizePersonQuery({ first_name: 'Ada', school: 'x' }))).toBeNull();
  });

  it('has nothing to block on without a name', () => {
    expect(blockingPlan(normalizePersonQuery({ email: 'a@b.co' }))).toBeNull();
  });
});
