export { purgeAccessLog, type AccessLogPurge } from './maintenance';
export { accessLogFor, accessLogRecipients, type AccessLogEntry, type AccessLogRecipient } from './read';
export {
  ACCESS_LOG_DEFAULT_PARTITION,
  ACCESS_LOG_TABLE,
  dayPartitions,
  daysToIndex,
  INDEX_AFTER_MS,
  monthPartition,
  parsePartitionName,
  partitionsAhead,
  purgePlan,
  retentionCutoff,
  type Partition,
  type PurgePlan,
} from './partitions';
