import { type TitleStyle, titleCase } from './titlecase';

const cases: [string, TitleStyle, string][] = [
  ['dana marie whitfield', 'name', 'Dana Marie Whitfield'],
  ["o'brien", 'name', "O'Brien"],
  ["d'angelo", 'name', "D'Angelo"],
  ['o\u2019neil', 'name', 'O\u2019Neil'],
  ['mcdonald', 'name', 'McDonald'],
  ['van der berg', 'name', 'Van Der Berg'],
  ['de la cruz', 'name', 'De La Cruz'],
  ['smith-jones', 'name', 'Smith-Jones'],
  ['john smith iii', 'name', 'John Smith III'],
  ['phd', 'name', 'PhD'],
  ['dr', 'name', 'Dr'],
  ['m', 'name', 'M'],
  ['zoë ångström', 'name', 'Zoë Ångström'],
  ['çağlar öztürk', 'name', 'Çağlar Öztürk'],
  ['łukasz żółć', 'name', 'Łukasz Żółć'],
  ['ñandú', 'name', 'Ñandú'],
  ['müller-lüdenscheidt', 'name', 'Müller-Lüdenscheidt'],
  ['анна петрова', 'name', 'Анна Петрова'],
  ['σοφία', 'name', 'Σοφία'],
  ['李 小龙', 'name', '李 小龙'],
  ['master of science', 'text', 'Master of Science'],
  ['of mice and men', 'text', 'Of Mice and Men'],
  ['senior software engineer at acme analytics', 'text', 'Senior Software Engineer at Acme Analytics'],
  ['vp of sales', 'text', 'VP of Sales'],
  ['ceo and co-founder', 'text', 'CEO and Co-Founder'],
  ["women's health", 'text', "Women's Health"],
  ["don't panic", 'text', "Don't Panic"],
  ["o'reilly media", 'text', "O'Reilly Media"],
  ['transportation/trucking/railroad', 'text', 'Transportation/Trucking/Railroad'],
  ['são paulo', 'text', 'São Paulo'],
  ['rio de janeiro', 'text', 'Rio de Janeiro'],
  ['st. louis', 'text', 'St. Louis'],
  ['wilkes-barre', 'text', 'Wilkes-Barre'],
  ['acme analytics, llc', 'text', 'Acme Analytics, LLC'],
  ['1200 example street', 'text', '1200 Example Street'],
  ['apt 4b', 'text', 'Apt 4b'],
  ['3m company', 'text', '3m Company'],
  ['mckinsey & company', 'text', 'McKinsey & Company'],
  ['', 'text', ''],
  ['  spaced   out  ', 'text', '  Spaced   Out  '],
  ['Already Title Cased', 'text', 'Already Title Cased'],
];

describe('titleCase', () => {
  it.each(cases)('%j (%s) → %j', (input, style, expected) => {
    expect(titleCase(input, style)).toBe(expected);
  });

  it.each(cases)('is idempotent on %j', (input, style) => {
    const once = titleCase(input, style);
    expect(titleCase(once, style)).toBe(once);
  });
});
