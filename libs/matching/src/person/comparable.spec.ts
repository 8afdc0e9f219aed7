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
      birth_date: '04/07/1990',
      jobs: [{ ...c.jobs[0], name: '', domain: '', title: '' }],
      locations: [{ city: '', state_code: '', country_code: '', postal_code: '', current: true }],
    };
    const form = comparableOf(bare);
    expect(form.middle).toBe('');
    expect(form.birth).toBeNull();
    expect(form.jobs[0]).toMatchObject({ name: '', domain: null, url: '', title: '' });
    expect(form.locations[0]).toEqual({ postal: null, city: '', state: '', country: '', current: true });
  });

  it.each<[string, string, number | null, object | null]>([
    ['a full date', '1990-04-07', null, { year: 1990, month: 4, day: 7 }],
    ['a month', '1990-04', null, { year: 1990, month: 4, day: null }],
    ['a year', '1990', null, { year: 1990, month: null, day: null }],
    ['no date but a birth year', '', 1990, { year: 1990, month: null, day: null }],
    ['the date over the birth year', '1990-04-07', 1991, { year: 1990, month: 4, day: 7 }],
    ['neither', '', null, null],
  ])(
    'reads a birth date as precise as the record knows it: %s',
    (_name, birth_date, birth_year, expected) => {
      expect(comparableOf({ ...c, birth_date, birth_year }).birth).toEqual(expected);
    },
  );

  it('works a candidate out once and reuses it', () => {
    expect(comparableOf(c)).toBe(comparableOf(c));
    expect(comparableOf({ ...c })).not.toBe(comparableOf(c));
  });
});
