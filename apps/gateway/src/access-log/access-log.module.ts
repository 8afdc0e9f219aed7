import { Module } from '@nestjs/common';
import { AccessLogPurgeService } from './access-log-purge.service';

/**
 * The access log (docs/access-log.md): billing writes its rows with each charge (reading an
 * answer's records with returnedIds, naming the endpoint with accessEndpoint); this module runs
 * the daily purge.
 */
@Module({ providers: [AccessLogPurgeService], exports: [AccessLogPurgeService] })
export class AccessLogModule {}
