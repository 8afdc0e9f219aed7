import { Module } from '@nestjs/common';
import { AutocompleteController } from './autocomplete.controller';
import { AutocompleteService } from './autocomplete.service';
import { ValuesIndexBuilder } from './values-builder';
import { ValuesDatabase } from './values-database';

/** `search.autocomplete`: the served build's stored values by prefix, most frequent first (docs/autocomplete.md). */
@Module({
  controllers: [AutocompleteController],
  providers: [AutocompleteService, ValuesIndexBuilder, ValuesDatabase],
})
export class AutocompleteModule {}
