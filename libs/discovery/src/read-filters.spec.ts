import { Entity } from '@app/contracts';
import { readFilters } from './read-filters';

const ok = (filters: unknown[], entity: Entity = 'person') => readFilters(filters, entity).ok;
const problems = (filters: unknown, entity: Entity = 'person') => {
  const r = readFilters(filters, entity);
  return r.ok ? [] : r.problems;
};
const skill = { kind: 'skill', anyOf: ['python'], negated: false };

describe('readFilters: untrusted filter lists', () => {
  it('accepts a valid list and returns it frozen, not the same object', () => {
    const input = [skill, { kind: 'range', measure: 'age', lt: 30, negated: false }];
    const r = readFilters(input, 'person');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.filters).toEqual(input);
    expect(r.filters).not.toBe(input);
    expect(Object.isFrozen(r.filters[0])).toBe(true);
  });

  it.each<[string, unknown, Entity, string]>([
    ['not a list', { filters: [] }, 'person', 'filters: must be a list of filters'],
    ['an empty list', [], 'person', 'filters: must hold at least one filter'],
    [
      'a domain ending without its dot',
      [{ kind: 'domain_ending', negated: false, anyOf: ['io'] }],
      'company',
      "filters[0].anyOf[0]: must be a domain ending such as '.io'",
    ],
    [
      'a domain ending with a wildcard',
      [{ kind: 'domain_ending', negated: false, anyOf: ['.i%'] }],
      'company',
      "filters[0].anyOf[0]: must be a domain ending such as '.io'",
    ],
    [
      'an unknown kind',
      [{ kind: 'salary', negated: false }],
      'person',
      "filters[0].kind: must be one of 'title'",
    ],
    [
      'a kind the entity lacks',
      [{ ...skill }],
      'company',
      "filters[0].kind: 'skill' does not apply to companies",
    ],
    [
      'a missing negated',
      [{ kind: 'skill', anyOf: ['x'] }],
      'person',
      'filters[0].negated: must be true or false',
    ],
    [
      'an extra field',
      [{ ...skill, column: 'password' }],
      'person',
      'filters[0].column: is not a field of this filter',
    ],
    [
      'an empty value list',
      [{ ...skill, anyOf: [] }],
      'person',
      'filters[0].anyOf: must be a non-empty list',
    ],
    [
      'an enum value outside its list',
      [{ kind: 'seniority', anyOf: ['boss'], negated: false }],
      'person',
      "filters[0].anyOf[0]: must be one of 'c_level'",
    ],
    [
      'text without letters',
      [{ ...skill, anyOf: ['%%'] }],
      'person',
      'filters[0].anyOf[0]: must be text with a letter or digit',
    ],
    [
      'control characters',
      [{ ...skill, anyOf: ['a\u0000b'] }],
      'person',
      'filters[0].anyOf[0]: must not contain control characters',
    ],
    [
      'too long a value',
      [{ ...skill, anyOf: ['x'.repeat(121)] }],
      'person',
      'filters[0].anyOf[0]: must be at most 120 characters',
    ],
    [
      'a state that is not a code',
      [{ kind: 'location', anyOf: [{ level: 'state', value: 'california' }], negated: false }],
      'person',
      'filters[0].anyOf[0].value: must be an ISO 3166-2 code',
    ],
    [
      'a pinned state',
      [
        {
          kind: 'location',
          anyOf: [{ level: 'state', value: 'US-CA', within: { level: 'country', value: 'US' } }],
          negated: false,
        },
      ],
      'person',
      'filters[0].anyOf[0].within: is not a field of a place',
    ],
    [
      'an organization without by',
      [{ kind: 'employer', anyOf: [{ value: 'x' }], negated: false }],
      'person',
      "filters[0].anyOf[0].by: must be 'name' or 'domain'",
    ],
    [
      'no bound',
      [{ kind: 'range', measure: 'age', negated: false }],
      'person',
      'filters[0]: needs at least one of gt, gte, lt, lte',
    ],
    [
      'two lower bounds',
      [{ kind: 'range', measure: 'age', gt: 1, gte: 2, negated: false }],
      'person',
      'filters[0]: takes gt or gte, not both',
    ],
    [
      'a bound out of the column',
      [{ kind: 'range', measure: 'age', gt: 1e10, negated: false }],
      'person',
      'filters[0].gt: must be between -2147483647 and 2147483647',
    ],
    [
      'a bound that is not finite',
      [{ kind: 'range', measure: 'age', gt: Infinity, negated: false }],
      'person',
      'filters[0].gt: must be a finite number',
    ],
    [
      'a measure the entity lacks',
      [{ kind: 'range', measure: 'age', gt: 1, negated: false }],
      'company',
      "filters[0].measure: must be one of 'founded'",
    ],
    [
      'an employee range no bucket holds',
      [{ kind: 'range', measure: 'employee_count', lt: 1, negated: false }],
      'person',
      'filters[0]: covers no company size bucket',
    ],
    [
      'a growth period outside the list',
      [{ kind: 'growth', period: '2y', gt: 0, negated: false }],
      'company',
      "filters[0].period: must be one of '1m'",
    ],
    [
      'an either nested in an either',
      [{ kind: 'either', anyOf: [[{ kind: 'either', anyOf: [[skill]], negated: false }]], negated: false }],
      'person',
      "filters[0].anyOf[0][0].kind: 'either' cannot be nested",
    ],
    ['too many filters', Array(21).fill(skill), 'person', 'filters: holds 21 filters; at most 20'],
    [
      'too complex a list',
      Array(20).fill({ kind: 'title', anyOf: ['x'.repeat(60)], negated: false }),
      'person',
      'filters: are too complex for the search engine',
    ],
  ])('refuses %s', (_name, filters, entity, problem) => {
    expect(problems(filters, entity).join('\n')).toContain(problem);
  });

  it('accepts one-group alternatives (a negated conjunction) and city pins', () => {
    expect(
      ok([
        { kind: 'either', anyOf: [[skill, { kind: 'sex', value: 'female', negated: false }]], negated: true },
      ]),
    ).toBe(true);
    expect(
      ok([
        {
          kind: 'location',
          anyOf: [{ level: 'city', value: 'portland', within: { level: 'state', value: 'US-OR' } }],
          negated: false,
        },
      ]),
    ).toBe(true);
  });
});
