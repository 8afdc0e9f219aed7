import { Injectable } from '@nestjs/common';
import {
  AUTOCOMPLETE_COLUMNS,
  AutocompleteReply,
  AutocompleteRequest,
  BuildKind,
  DEFAULT_AUTOCOMPLETE_SIZE,
  SEARCH_PATTERNS,
} from '@app/contracts';
import { SearchClient } from '../search-client/search-client.service';
import { AutocompleteQueryDto } from './dto/autocomplete-query.dto';
import { AutocompleteResponseDto } from './dto/autocomplete-response.dto';

@Injectable()
export class AutocompleteService {
  constructor(private readonly client: SearchClient) {}

  async suggest(kind: BuildKind, query: AutocompleteQueryDto): Promise<AutocompleteResponseDto> {
    const request: AutocompleteRequest = {
      entity: query.entity ?? 'person',
      field: query.field,
      text: query.text ?? '',
      size: query.size ?? DEFAULT_AUTOCOMPLETE_SIZE,
      kind,
    };
    const reply = await this.client.send<AutocompleteReply>(SEARCH_PATTERNS.autocomplete, request);
    return {
      entity: request.entity,
      field: request.field,
      column: AUTOCOMPLETE_COLUMNS[request.entity][request.field] ?? null,
      suggestions: reply.suggestions,
    };
  }
}
