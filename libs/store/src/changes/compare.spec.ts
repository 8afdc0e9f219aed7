import type { KeyedHash } from '../record-hashes';
import { Candidate, fieldsUpdated, mergeByKey, mergeKeys, sameJson } from './compare';

async function* stream(rows: Array<[string, string]>): AsyncGenerator<KeyedHash> {
  for (const [svc_id, hash] of rows) yield { svc_id, hash };
}

async function merged(from: Array<[string, string]>, to: Array<[string, string]>): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for await (const c of mergeByKey(stream(from), stream(to))) out.push(c);
  return out;
}

describe('mergeByKey', () => {
  it('lists what only one build holds and what both hold with different hashes, in svc_id order', async () => {
    const from: Array<[string, string]> = [
      ['a1', 'h'],
      ['b2', 'h'],
      ['c3', 'x'],
      ['d4', 'h'],
    ];
    const to: Array<[string, string]> = [
      ['a0', 'h'],
      ['a1', 'h'],
      ['c3', 'y'],
      ['d4', 'h'],
      ['e5', 'h'],
    ];
    expect(await merged(from, to)).toEqual([
      { svc_id: 'a0', change: 'added' },
      { svc_id: 'b2', change: 'deleted' },
      { svc_id: 'c3', change: 'differs' },
      { svc_id: 'e5', change: 'added' },
    ]);
  });

  it('handles empty sides and identical streams', async () => {
    const rows: Array<[string, string]> = [
      ['1', 'a'],
      ['2', 'b'],
    ];
    expect(await merged([], [])).toEqual([]);
    expect(await merged(rows, rows)).toEqual([]);
    expect(await merged(rows, [])).toEqual([
      { svc_id: '1', change: 'deleted' },
      { svc_id: '2', change: 'deleted' },
    ]);
    expect(await merged([], rows)).toEqual([
      { svc_id: '1', change: 'added' },
      { svc_id: '2', change: 'added' },
    ]);
  });

  it('orders UUIDs as Postgres does (lowercase hex text in code-unit order)', async () => {
    const low = '0fffffff-ffff-4fff-bfff-ffffffffffff';
    const high = 'a0000000-0000-4000-8000-000000000000';
    expect(await merged([[low, 'h']], [[high, 'h']])).toEqual([
      { svc_id: low, change: 'deleted' },
      { svc_id: high, change: 'added' },
    ]);
  });

  it('refuses a stream out of order or repeating an id rather than report wrong changes', async () => {
    await expect(
      merged(
        [
          ['b', 'h'],
          ['a', 'h'],
        ],
        [],
      ),
    ).rejects.toThrow('the first build is not in ascending svc_id order: a after b');
    await expect(
      merged(
        [],
        [
          ['a', 'h'],
          ['a', 'h'],
        ],
      ),
    ).rejects.toThrow('the second build is not in ascending svc_id order');
  });
});

describe('mergeKeys', () => {
  it('passes every svc_id of either build once, the unchanged ones as same', async () => {
    const out: unknown[] = [];
    const from: Array<[string, string]> = [
      ['a', 'h'],
      ['b', 'h'],
      ['c', 'x'],
    ];
    for await (const k of mergeKeys(stream(from), stream([from[0], ['c', 'y'], ['d', 'h']]))) out.push(k);
    expect(out).toEqual([
      { svc_id: 'a', change: 'same' },
      { svc_id: 'b', change: 'deleted' },
      { svc_id: 'c', change: 'differs' },
      { svc_id: 'd', change: 'added' },
    ]);
  });

  it('reads no more than n + 1 rows of each stream to yield n + 1 keys', async () => {
    const pulled = { from: 0, to: 0 };
    async function* counted(side: 'from' | 'to', ids: string[]): AsyncGenerator<KeyedHash> {
      for (const svc_id of ids) {
        pulled[side]++;
        yield { svc_id, hash: 'h' };
      }
    }
    const keys = mergeKeys(counted('from', ['a', 'b', 'c', 'd', 'e']), counted('to', ['a', 'c', 'e']));
    for (let i = 0; i < 3; i++) await keys.next();
    expect(pulled.from).toBeLessThanOrEqual(3);
    expect(pulled.to).toBeLessThanOrEqual(3);
  });
});

describe('sameJson', () => {
  it('compares objects by keys in any order and arrays in order', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: null }, {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
    expect(sameJson({ a: { b: 'x' } }, { a: { b: 'y' } })).toBe(false);
  });
});

describe('fieldsUpdated', () => {
  const order = ['svc_id', 'full_name', 'city', 'build_version', 'emails'];
  const ignore = new Set(['build_version']);
  const base = {
    svc_id: 's',
    full_name: 'ann lee',
    city: 'paris',
    build_version: '1.0.0_2026-11-21',
    emails: [{ address: 'a@x.com' }],
  };

  it('lists the differing top-level fields in record field order, never the build stamp', () => {
    const after = {
      ...base,
      emails: [{ address: 'b@x.com' }],
      city: 'lyon',
      build_version: '1.1.0_2026-12-01',
    };
    expect(fieldsUpdated(base, after, order, ignore)).toEqual(['city', 'emails']);
    expect(fieldsUpdated(base, { ...base, build_version: 'other' }, order, ignore)).toEqual([]);
  });

  it('counts a field present on one side only, and fields outside the order after it', () => {
    const { city: _city, ...withoutCity } = base;
    expect(fieldsUpdated(base, withoutCity, order, ignore)).toEqual(['city']);
    expect(fieldsUpdated({ ...base, zeta: 1, constructor: 2 }, { ...base, alpha: 1 }, order, ignore)).toEqual(
      ['zeta', 'constructor', 'alpha'],
    );
    expect(fieldsUpdated(base, { ...base }, order, ignore)).toEqual([]);
  });
});
