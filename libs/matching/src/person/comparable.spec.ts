import { candidate, uuid } from '../testing/candidates';
import { comparableOf } from './comparable';

describe('comparableOf', () => {
  const c = candidate({
    id: uuid(1),
    first: 'ana',
    last: 'lima',
    middle: 'Beatriz',
    birth: '1990-04-07',
    city: 'São Paulo',
    country: 'BR',
    postal: '01310-100',
    company: 'Acme Corp.',
    domain: 'https://www.Acme.com/',
    title: 'Senior Engineer',
    school: 'Universidade de São Paulo',
  }).candidate;

  it('normalizes the candidate as the query is normalized', () => {
    const form = comparableOf(c);
    expect(form.middle).toBe('beatriz');
    expect(form.birth).toEqual({ year: 1990, month: 4, day: 7 });
    expect(form.locations[0]).toEqual({
      postal: '01310100',
      city: 'sao paulo',
      state: 'us-tx',
      country: 'br',
      current: true,
    });
    expect(form.jobs[0]).toMatchObject({ domain: 'acme.com', title: 'senior engineer', current: true });
    expect(form.jobs[0].name).not.toBe('');
    expect(form.schools[0].name).not.toBe('');
  });

  it('leaves missing values empty and an unparseable birth date out', () => {
    const bare = {
      ...c,
      middle_name: '',
      birth_date: '1990',
      jobs: [{ ...c.jobs[0], name: '', domain: '' }],
    };
    const form = comparableOf(bare);
    expect(form.middle).toBe('');
    expect(form.birth).toBeNull();
    expect(form.jobs[0]).toMatchObject({ name: '', domain: null, url: '' });
  });

  it('works a candidate out once and reuses it', () => {
    expect(comparableOf(c)).toBe(comparableOf(c));
    expect(comparableOf({ ...c })).not.toBe(comparableOf(c));
  });
});
