export * from './environment';
export * from './postgres';
export * from './query-generator';
export * from './sql-reference';
