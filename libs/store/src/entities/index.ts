import { Account } from './account.entity';
import { Agent } from './agent.entity';
import { AgentClaim } from './agent-claim.entity';
import { AuthAttempt } from './auth-attempt.entity';
import { ApiKey } from './api-key.entity';
import { AuthSession } from './auth-session.entity';
import { Build } from './build.entity';
import { BuildSlice } from './build-slice.entity';
import { CompanyMatchKey } from './company-match-key.entity';
import { CompanyRecord } from './company-record.entity';
import { CreditLedger } from './credit-ledger.entity';
import { Membership } from './membership.entity';
import { PersonMatchKey } from './person-match-key.entity';
import { PersonRecord } from './person-record.entity';
import { PersonValueCount } from './person-value-count.entity';
import { Report } from './report.entity';
import { IdempotencyKey } from './idempotency-key.entity';
import { Team } from './team.entity';
import { Usage } from './usage.entity';
import { UsedJti } from './used-jti.entity';

export {
  Account,
  Agent,
  AgentClaim,
  ApiKey,
  AuthAttempt,
  AuthSession,
  Build,
  BuildSlice,
  CompanyMatchKey,
  CompanyRecord,
  CreditLedger,
  IdempotencyKey,
  Membership,
  PersonMatchKey,
  PersonRecord,
  PersonValueCount,
  Report,
  Team,
  Usage,
  UsedJti,
};
export { bigintToNumber } from './transformers';

/** Every entity, registered on each DataSource. */
export const ENTITIES = [
  Build,
  BuildSlice,
  PersonRecord,
  PersonMatchKey,
  PersonValueCount,
  CompanyRecord,
  CompanyMatchKey,
  Team,
  Account,
  Membership,
  ApiKey,
  CreditLedger,
  Usage,
  Report,
  Agent,
  AgentClaim,
  UsedJti,
  AuthSession,
  AuthAttempt,
  IdempotencyKey,
];
