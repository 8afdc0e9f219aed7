import { Module } from '@nestjs/common';
import { IndustryValuesService } from './industry-values.service';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

@Module({
  controllers: [SearchController],
  providers: [SearchService, IndustryValuesService],
  exports: [SearchService],
})
export class SearchModule {}
