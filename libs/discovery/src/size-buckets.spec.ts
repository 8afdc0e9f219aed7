import { sizesFor } from './size-buckets';

describe('sizesFor: an employee-count range → the company_size buckets at least half inside it', () => {
  it.each<[string, Parameters<typeof sizesFor>[0], string[]]>([
    ['10-50', { gte: 10, lte: 50 }, ['11-50']],
    ['more than 500', { gt: 500 }, ['501-1000', '1001-5000', '5001-10000', '10001+']],
    ['500+', { gte: 500 }, ['501-1000', '1001-5000', '5001-10000', '10001+']],
    ['under 200', { lt: 200 }, ['1-10', '11-50', '51-200']],
    ['under 100', { lt: 100 }, ['1-10', '11-50']],
    ['100 to 1000', { gte: 100, lte: 1000 }, ['51-200', '201-500', '501-1000']],
    ['more than 10,000', { gt: 10000 }, ['10001+']],
    ['more than 16,000 (no bucket half inside: the one it touches)', { gt: 16000 }, ['10001+']],
    ['12 to 14 (the one it touches)', { gte: 12, lte: 14 }, ['11-50']],
    ['exactly 500', { gte: 500, lte: 500 }, ['201-500']],
    ['less than 1', { lt: 1 }, []],
  ])('%s', (_name, bounds, sizes) => {
    expect(sizesFor(bounds)).toEqual(sizes);
  });
});
