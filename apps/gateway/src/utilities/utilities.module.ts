import { Module } from '@nestjs/common';
import { CleanController } from './clean/clean.controller';
import { CleanService } from './clean/clean.service';
import { HashController } from './hash/hash.controller';
import { HashService } from './hash/hash.service';

/** The free, stateless utilities: POST /utility/clean and /utility/hash/email (reports: ReportsModule). */
@Module({
  controllers: [CleanController, HashController],
  providers: [CleanService, HashService],
})
export class UtilitiesModule {}
