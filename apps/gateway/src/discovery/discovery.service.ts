import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { BuildKind, DiscoverReply, DiscoveryInterpretation, Entity, SEARCH_PATTERNS } from '@app/contracts';
import { SearchClient } from '../search-client/search-client.service';
import { DEFAULT_SEARCH_LIMIT } from '../search/dto/page-params.dto';
import { answerWithHeaders } from '../search/search-headers';
import { DiscoverBodyDto } from './dto/discover-body.dto';

export interface DiscoverResponse {
  matches: Record<string, unknown>[];
  total: number;
  generated_query: string;
  interpretation: DiscoveryInterpretation;
}

const PATTERN = { person: SEARCH_PATTERNS.personDiscover, company: SEARCH_PATTERNS.companyDiscover } as const;

@Injectable()
export class DiscoveryService {
  constructor(private readonly client: SearchClient) {}

  async discover(
    entity: Entity,
    kind: BuildKind,
    body: DiscoverBodyDto,
    reply: FastifyReply,
  ): Promise<DiscoverResponse> {
    const result = await this.client.send<DiscoverReply>(PATTERN[entity], {
      query: body.query,
      limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
      offset: body.offset ?? 0,
      kind,
    });
    return answerWithHeaders(result, reply, {
      matches: result.matches,
      total: result.total,
      generated_query: result.generated_query,
      interpretation: result.interpretation,
    });
  }
}
