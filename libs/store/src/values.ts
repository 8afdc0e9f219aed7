import { ISSUE_LEVEL_VALUES, ISSUE_TYPE_VALUES, IssueLevel, IssueType } from '@app/contracts';

/**
 * Closed value lists stored as `text` columns with CHECK constraints (never Postgres enum
 * types, which cannot lose a value and are awkward to change in a migration). The Initial
 * migration spells each list out literally; a migration that changes a list drops and
 * re-creates the CHECK and updates the array here.
 */

export const BUILD_STATUSES = ['loading', 'ready', 'failed', 'dropped'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

export const TEAM_TIERS = ['standard', 'enterprise'] as const;
export type TeamTier = (typeof TEAM_TIERS)[number];

export const ACCOUNT_STATUSES = ['approved', 'pending', 'inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const MEMBERSHIP_ROLES = ['admin', 'developer', 'member'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** SPEC.md's claim states (docs/agents.md): pending → confirmed (code viewed) → completed (assertion delivered), or failed. */
export const AGENT_CLAIM_STATUSES = ['pending', 'confirmed', 'completed', 'failed'] as const;
export type AgentClaimStatus = (typeof AGENT_CLAIM_STATUSES)[number];

/** What an auth attempt is counted against (docs/agents.md, "Limits"): a door, then whose attempt. */
export const AUTH_ATTEMPT_SCOPES = [
  'sign_in:email',
  'sign_in:client',
  'identity:login_hint',
  'identity:client',
] as const;
export type AuthAttemptScope = (typeof AUTH_ATTEMPT_SCOPES)[number];

export const API_KEY_KINDS = ['standard', 'agent'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/**
 * Kinds of person match keys. Values are stored normalized (by libs/normalize):
 * email lowercased with Gmail dots and plus tags removed; email_sha256/sha1/md5 lowercase hex
 * of that normalized email; phone E.164; social_url normalized profile URL; netx_id the
 * numeric professional-network id; name_key `<last>|<first>` for name variants (nicknames,
 * raw spellings) beyond the canonical names held on person_records.
 */
export const PERSON_MATCH_KEY_KINDS = [
  'email',
  'email_sha256',
  'email_sha1',
  'email_md5',
  'phone',
  'social_url',
  'netx_id',
  'name_key',
] as const;
export type PersonMatchKeyKind = (typeof PERSON_MATCH_KEY_KINDS)[number];

/** Kinds of company match keys: normalized name, primary and alternative domains, ids, URLs, tickers. */
export const COMPANY_MATCH_KEY_KINDS = [
  'name_key',
  'domain',
  'netx_id',
  'netx_url',
  'social_url',
  'ticker',
] as const;
export type CompanyMatchKeyKind = (typeof COMPANY_MATCH_KEY_KINDS)[number];

/** Why a credit ledger row exists: `grant` (operator adds), `match` (charge), `refund`, `adjustment`. */
export const CREDIT_REASONS = ['grant', 'match', 'refund', 'adjustment'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export const REPORT_SUBJECT_TYPES = ['person', 'company'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** SPEC.md's issue_type and issue_level: one list each, owned by libs/contracts. */
export const REPORT_ISSUE_TYPES = ISSUE_TYPE_VALUES;
export type ReportIssueType = IssueType;

export const REPORT_ISSUE_LEVELS = ISSUE_LEVEL_VALUES;
export type ReportIssueLevel = IssueLevel;

/** SPEC.md does not show report statuses; we choose these (docs/data-model.md). New reports are `open`. */
export const REPORT_STATUSES = ['open', 'in_review', 'resolved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** `"column" IN ('a', 'b')` for entity @Check decorators. */
export function sqlIn(column: string, values: readonly string[]): string {
  return `"${column}" IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;
}
