export * from './entities';
export * from './values';
export { MIGRATIONS } from './migrations';
export { createDataSource, runMigrations, dataSourceSchema, quoteIdent } from './data-source';
export type { CreateDataSourceOptions } from './data-source';
export * from './keys';
export * from './password';
export { isCheckViolation, isUniqueViolation } from './errors';
export { applyCreditDelta, InsufficientCreditsError } from './credits';
export { grantCredits, type TeamSelector } from './credit-grants';
export type { CreditMovement } from './credits';
export { chargeCalls } from './charges';
export type { AccessedRecords, BilledCall, ChargeOutcome } from './charges';
export * from './key-caps';
export { poolOf, runPrepared } from './prepared';
export { countPersonValuesSql, VALUE_COUNTS, VALUE_COUNT_KINDS, type ValueCountKind } from './value-counts';
export type { Prepared } from './prepared';
export {
  canTransitionReport,
  FINAL_REPORT_STATUSES,
  REPORT_TRANSITIONS,
  reportStatusesBefore,
} from './report-status';
export * from './builds';
export * from './build-slices';
export * from './teams';
export * from './key-revocation';
export * from './agent-keys';
export * from './secrets';
export * from './agent-claims';
export * from './auth-sessions';
export * from './auth-attempts';
export * from './used-jtis';
export * from './connected-agents';
export * from './idempotency';
export * from './record-hashes';
export * from './changes';
export * from './audit';
export * from './person-source';
export * from './access-log';
export * from './api-requests';
export * from './webhooks';
export * from './jobs';
