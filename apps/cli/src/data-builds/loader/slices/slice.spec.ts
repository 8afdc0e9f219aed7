import { UsageError } from '../../../errors';
import { sliceFlag } from './slice';

describe('--slice I/N', () => {
  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['2/4', { index: 2, count: 4 }],
    [' 64 / 64 ', { index: 64, count: 64 }],
  ])('reads %j', (raw, slice) => {
    expect(sliceFlag('--slice', raw)).toEqual(slice);
  });

  it.each([
    ['', /must be I\/N/],
    ['2', /must be I\/N/],
    ['1/2/3', /must be I\/N/],
    ['-1/2', /must be I\/N/],
    ['1.5/2', /must be I\/N/],
    ['a/b', /must be I\/N/],
    ['0/2', /I must be from 1 to N, here 1 to 2/],
    ['3/2', /I must be from 1 to N, here 1 to 2/],
    ['1/0', /N must be from 1 to 64/],
    ['1/65', /N must be from 1 to 64/],
  ])('refuses %j with exit 2', (raw, message) => {
    const attempt = () => sliceFlag('--slice', raw);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(message);
  });
});
