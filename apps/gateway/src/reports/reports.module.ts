import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/**
 * POST /utility/report/{person,company}: free, but unlike the other utilities a feature with
 * state, checking the record against the live build and storing the report in Postgres.
 */
@Module({
  controllers: [ReportsController],
  providers: [ReportsService],
})
export class ReportsModule {}
