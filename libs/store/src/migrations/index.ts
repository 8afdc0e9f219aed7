import { Initial1795293638062 } from './1795293638062-Initial';
import { PersonBlockingIndexes1795400000000 } from './1795400000000-PersonBlockingIndexes';
import { RecordCompressionLz41795500000000 } from './1795500000000-RecordCompressionLz4';
import { PersonCompanyFirstIndex1795600000000 } from './1795600000000-PersonCompanyFirstIndex';
import { PersonMatchSlice1795700000000 } from './1795700000000-PersonMatchSlice';
import { PersonValueCounts1795800000000 } from './1795800000000-PersonValueCounts';
import { RecordJson1795900000000 } from './1795900000000-RecordJson';
import { PersonBlockingCovering1796000000000 } from './1796000000000-PersonBlockingCovering';
import { AgentSignIn1796100000000 } from './1796100000000-AgentSignIn';
import { IdempotencyKeys1796200000000 } from './1796200000000-IdempotencyKeys';
import { BuildIndices1796350000000 } from './1796350000000-BuildIndices';
import { AuthLimits1796450000000 } from './1796450000000-AuthLimits';
import { ChargeIds1796550000000 } from './1796550000000-ChargeIds';
import { BuildSlices1796650000000 } from './1796650000000-BuildSlices';
import { RecordHashes1796750000000 } from './1796750000000-RecordHashes';
import { AuditLog1796850000000 } from './1796850000000-AuditLog';
import { AccessLog1796860000000 } from './1796860000000-AccessLog';
import { Suppressions1796870000000 } from './1796870000000-Suppressions';
import { EnrichmentJobs1796880000000 } from './1796880000000-EnrichmentJobs';
import { Webhooks1796890000000 } from './1796890000000-Webhooks';
import { ApiRequests1796900000000 } from './1796900000000-ApiRequests';
import { KeySpendCaps1796910000000 } from './1796910000000-KeySpendCaps';
import { PersonSurnameWords1796920000000 } from './1796920000000-PersonSurnameWords';

/** Every migration in order; registered explicitly (no globs) so ts and compiled js behave the same. */
export const MIGRATIONS = [
  Initial1795293638062,
  PersonBlockingIndexes1795400000000,
  RecordCompressionLz41795500000000,
  PersonCompanyFirstIndex1795600000000,
  PersonMatchSlice1795700000000,
  PersonValueCounts1795800000000,
  RecordJson1795900000000,
  PersonBlockingCovering1796000000000,
  AgentSignIn1796100000000,
  IdempotencyKeys1796200000000,
  BuildIndices1796350000000,
  AuthLimits1796450000000,
  ChargeIds1796550000000,
  BuildSlices1796650000000,
  RecordHashes1796750000000,
  AuditLog1796850000000,
  AccessLog1796860000000,
  Suppressions1796870000000,
  EnrichmentJobs1796880000000,
  Webhooks1796890000000,
  ApiRequests1796900000000,
  KeySpendCaps1796910000000,
  PersonSurnameWords1796920000000,
];
