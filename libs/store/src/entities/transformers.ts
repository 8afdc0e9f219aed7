import { ValueTransformer } from 'typeorm';

/**
 * `bigint` columns arrive from pg as strings; credit balances and bigserial ids stay far below
 * Number.MAX_SAFE_INTEGER, so they are exposed as numbers.
 */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
