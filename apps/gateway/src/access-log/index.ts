export { AccessLogModule } from './access-log.module';
export { AccessLogPurgeService } from './access-log-purge.service';
export { accessEndpoint, asToolCall, endpointName } from './endpoint-names';
export { returnedIds, withReturnedIds } from './returned-records';
