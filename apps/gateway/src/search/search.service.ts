import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SEARCH_PATTERNS, BuildKind, SearchReply, Entity } from '@app/contracts';
import { freeOfCharge } from '../access';
import { SearchClient } from '../search-client/search-client.service';
import { DEFAULT_SEARCH_LIMIT, SearchBodyDto } from './dto/search-body.dto';

export interface SearchResponse {
  matches: Record<string, unknown>[];
  total: number;
}

const PATTERN = { person: SEARCH_PATTERNS.personSearch, company: SEARCH_PATTERNS.companySearch } as const;

/** Strips what a header value cannot carry, so a warning never breaks the response. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 1000);
}

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
    void reply.header('Total-Count-Status', result.total_status);
    // The worker sends every result field in record order, unknown ones as null (docs/shaping.md).
    const response: SearchResponse = { matches: result.matches, total: result.total };
    if (!result.warning) return response;
    void reply.header('Search-Warning', headerSafe(result.warning));
    return freeOfCharge(response);
  }
}
