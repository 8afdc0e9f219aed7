export {
  actorColumns,
  appendAudit,
  type AuditActor,
  type AuditEntry,
  cliActor,
  operatorTokenActor,
} from './audit-log';
export { type AuditFilter, type AuditRecord, listAudit } from './audit-list';
