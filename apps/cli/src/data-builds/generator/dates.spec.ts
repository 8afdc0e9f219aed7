import {
  addMonths,
  civilFromDays,
  daysFromCivil,
  formatDay,
  monthsBetween,
  parseDay,
  yearsBetween,
} from './dates';

describe('dates', () => {
  it('agrees with the UTC calendar', () => {
    for (let z = daysFromCivil(1900, 1, 1); z < daysFromCivil(2100, 1, 1); z += 37) {
      const d = new Date(z * 86_400_000);
      expect(formatDay(z)).toBe(d.toISOString().slice(0, 10));
      const c = civilFromDays(z);
      expect(daysFromCivil(c.year, c.month, c.day)).toBe(z);
    }
  });

  it('counts completed months and years', () => {
    expect(monthsBetween(parseDay('2020-01-31'), parseDay('2020-02-29'))).toBe(0);
    expect(monthsBetween(parseDay('2020-01-15'), parseDay('2020-03-15'))).toBe(2);
    expect(yearsBetween(parseDay('1988-04-17'), parseDay('2026-04-16'))).toBe(37);
    expect(yearsBetween(parseDay('1988-04-17'), parseDay('2026-04-17'))).toBe(38);
    expect(formatDay(addMonths(parseDay('2024-01-31'), 1))).toBe('2024-02-29');
  });
});
