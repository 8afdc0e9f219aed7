import { Module } from '@nestjs/common';
import { AutocompleteController } from './autocomplete.controller';
import { AutocompleteService } from './autocomplete.service';

/**
 * GET /autocomplete and /sandbox/autocomplete: stored values of the fields people filter on,
 * from the search worker (docs/autocomplete.md). Free; its own rate limit.
 */
@Module({ controllers: [AutocompleteController], providers: [AutocompleteService] })
export class AutocompleteModule {}
