import { COMPANY_SIZE_VALUES, CompanySize } from '@app/contracts';
import type { Bounds } from './filters';

/**
 * People carry their employer's size only as a bucket (`company_size`), so an employee-count
 * range said of people becomes the buckets it covers. A bucket is chosen when at least half of
 * it lies in the range ("10-50 people" → 11-50, not 1-10 for its one shared value); the open
 * bucket 10001+ counts as 10001–20000 for that. A range too narrow to cover half of any bucket
 * ("12 to 14 employees") takes the buckets it touches.
 */
const SPANS: readonly (readonly [CompanySize, number, number])[] = COMPANY_SIZE_VALUES.map((size) => {
  const [lo, hi] = size.endsWith('+') ? [Number(size.slice(0, -1)), Infinity] : size.split('-').map(Number);
  return [size, lo, hi] as const;
});
const OPEN_WIDTH = 10000;

/** The whole numbers the bounds allow, as an inclusive interval. */
export function integerInterval(b: Bounds): [number, number] {
  const lo = Math.max(
    b.gt !== undefined ? Math.floor(b.gt) + 1 : -Infinity,
    b.gte !== undefined ? Math.ceil(b.gte) : -Infinity,
  );
  const hi = Math.min(
    b.lt !== undefined ? Math.ceil(b.lt) - 1 : Infinity,
    b.lte !== undefined ? Math.floor(b.lte) : Infinity,
  );
  return [lo, hi];
}

export function sizesFor(b: Bounds): CompanySize[] {
  const [lo, hi] = integerInterval(b);
  const overlap = (from: number, to: number) => Math.max(0, Math.min(hi, to) - Math.max(lo, from) + 1);
  const half = SPANS.filter(([, from, to]) => {
    const end = to === Infinity ? from + OPEN_WIDTH - 1 : to;
    return overlap(from, end) * 2 >= end - from + 1;
  });
  if (half.length > 0) return half.map(([size]) => size);
  return SPANS.filter(([, from, to]) => overlap(from, to) > 0).map(([size]) => size);
}
