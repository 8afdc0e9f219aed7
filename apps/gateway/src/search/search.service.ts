import { Injectable } from '@nestjs/common';
import { SEARCH_PATTERNS, BuildKind, SearchReply, Entity } from '@app/contracts';
import type { RouteAnswer } from '../route-answer';
import { SearchClient } from '../search-client/search-client.service';
import { workerAnswer } from '../search-client/worker-answer';
import { DEFAULT_SEARCH_LIMIT, SearchBodyDto } from './dto/search-body.dto';

export interface SearchResponse {
  matches: Record<string, unknown>[];
  total: number;
}

const PATTERN = { person: SEARCH_PATTERNS.personSearch, company: SEARCH_PATTERNS.companySearch } as const;

@Injectable()
export class SearchService {
  constructor(private readonly client: SearchClient) {}

  async search(entity: Entity, kind: BuildKind, body: SearchBodyDto): Promise<RouteAnswer<SearchResponse>> {
    const result = await this.client.send<SearchReply>(PATTERN[entity], {
      query: body.query,
      limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
      offset: body.offset ?? 0,
      kind,
    });
    // The worker sends every result field in record order, unknown ones as null (docs/shaping.md).
    return workerAnswer(result, { matches: result.matches, total: result.total });
  }
}
