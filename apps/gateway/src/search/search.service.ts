import { Injectable } from '@nestjs/common';
import { SEARCH_PATTERNS, BuildKind, SearchReply, Entity } from '@app/contracts';
import type { Caller } from '../access';
import type { RouteAnswer } from '../route-answer';
import { PageCursors } from '../search-client/page-cursors.service';
import { SearchClient } from '../search-client/search-client.service';
import { workerAnswer } from '../search-client/worker-answer';
import { DEFAULT_SEARCH_LIMIT, SearchBodyDto } from './dto/search-body.dto';

export interface SearchResponse {
  matches: Record<string, unknown>[];
  total: number;
  /** Pass as `cursor` for the next page; null when this page ends the result set. */
  next_cursor: string | null;
}

const PATTERN = { person: SEARCH_PATTERNS.personSearch, company: SEARCH_PATTERNS.companySearch } as const;

@Injectable()
export class SearchService {
  constructor(
    private readonly client: SearchClient,
    private readonly cursors: PageCursors,
  ) {}

  async search(
    entity: Entity,
    kind: BuildKind,
    body: SearchBodyDto,
    caller: Caller,
  ): Promise<RouteAnswer<SearchResponse>> {
    const scope = { teamId: caller.teamId, route: 'search', entity, kind, query: body.query } as const;
    const cursor =
      body.cursor === undefined ? null : await this.cursors.open(body.cursor, scope, caller.keyId);
    const result = await this.client.send<SearchReply>(PATTERN[entity], {
      query: body.query,
      limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
      offset: body.offset ?? 0,
      kind,
      ...(cursor ? { cursor: cursor.next } : {}),
    });
    // The worker sends every result field in record order, unknown ones as null (docs/shaping.md).
    return workerAnswer(result, {
      matches: result.matches,
      total: result.total,
      next_cursor: this.cursors.seal(scope, result.next),
    });
  }
}
