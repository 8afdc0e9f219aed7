import { Module } from '@nestjs/common';
import { SearchModule } from '../search/search.module';
import { DiscoveryController } from './discovery.controller';
import { DiscoveryService } from './discovery.service';
import { ModelProvider } from './model-provider';
import { VocabularyService } from './vocabulary.service';

@Module({
  imports: [SearchModule],
  controllers: [DiscoveryController],
  providers: [DiscoveryService, VocabularyService, ModelProvider],
})
export class DiscoveryModule {}
