import { UsageError } from '../errors';

/** The UsageError `fn` throws (the spec fails when it throws none, or another error). */
export function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}
