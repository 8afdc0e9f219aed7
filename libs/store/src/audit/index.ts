export {
  actorColumns,
  appendAudit,
  type AuditActor,
  type AuditEntry,
  cliActor,
  operatorTokenActor,
} from './audit-log';
