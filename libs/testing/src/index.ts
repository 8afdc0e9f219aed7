export * from './environment';
export * from './postgres';
export * from './query-features';
export * from './query-fuzzer';
export * from './query-generator';
export { sqlString } from './query-text';
export { Random } from './random';
export * from './sql-reference';
