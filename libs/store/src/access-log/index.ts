export { purgeAccessLog, type AccessLogPurge } from './purge';
export { accessLogFor, type AccessLogEntry } from './read';
export {
  ACCESS_LOG_DEFAULT_PARTITION,
  ACCESS_LOG_TABLE,
  monthPartition,
  parsePartitionName,
  partitionsAhead,
  purgePlan,
  retentionCutoff,
  type MonthPartition,
  type PurgePlan,
} from './partitions';
