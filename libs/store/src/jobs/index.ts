export * from './job-rows';
export * from './create-job';
export * from './read-jobs';
export * from './chunks';
export * from './commit-chunk';
export { inTransaction, type TransactionEnd } from './transaction';
