import { Module } from '@nestjs/common';
import { CleanController } from './clean/clean.controller';
import { CleanService } from './clean/clean.service';
import { HashController } from './hash/hash.controller';
import { HashService } from './hash/hash.service';
import { ReportsController } from './reports/reports.controller';
import { ReportsService } from './reports/reports.service';

/** The free utilities: POST /utility/clean, /utility/hash/email, /utility/report/{person,company}. */
@Module({
  controllers: [CleanController, HashController, ReportsController],
  providers: [CleanService, HashService, ReportsService],
})
export class UtilitiesModule {}
