import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SEARCH_PATTERNS, BuildKind, SearchReply, Entity } from '@app/contracts';
import { SearchClient } from '../search-client/search-client.service';
import { DEFAULT_SEARCH_LIMIT, SearchBodyDto } from './dto/search-body.dto';
import { answerWithHeaders } from './search-headers';

export interface SearchResponse {
  matches: Record<string, unknown>[];
  total: number;
}

const PATTERN = { person: SEARCH_PATTERNS.personSearch, company: SEARCH_PATTERNS.companySearch } as const;

@Injectable()
export class SearchService {
  constructor(private readonly client: SearchClient) {}

  async search(
    entity: Entity,
    kind: BuildKind,
    body: SearchBodyDto,
    reply: FastifyReply,
  ): Promise<SearchResponse> {
    const result = await this.client.send<SearchReply>(PATTERN[entity], {
      query: body.query,
      limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
      offset: body.offset ?? 0,
      kind,
    });
    // The worker sends every result field in record order, unknown ones as null (docs/shaping.md).
    return answerWithHeaders(result, reply, { matches: result.matches, total: result.total });
  }
}
