import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  BuildKind,
  DiscoverReply,
  DiscoveryInterpretation,
  Entity,
  SEARCH_PATTERNS,
  SearchReply,
} from '@app/contracts';
import { type Caller, KeyBudgets } from '../access';
import type { RouteAnswer } from '../route-answer';
import type { CursorScope, DiscoverReading } from '../search-client/page-cursor';
import { PageCursors } from '../search-client/page-cursors.service';
import { SearchClient } from '../search-client/search-client.service';
import { workerAnswer } from '../search-client/worker-answer';
import { DEFAULT_SEARCH_LIMIT } from '../search/dto/page-params.dto';
import { DiscoverBodyDto } from './dto/discover-body.dto';

export interface DiscoverResponse {
  matches: Record<string, unknown>[];
  total: number;
  generated_query: string;
  interpretation: DiscoveryInterpretation;
  /** Pass as `cursor` (with the same description) for the next page; null when this page ends the result set. */
  next_cursor: string | null;
}

const PATTERN = { person: SEARCH_PATTERNS.personDiscover, company: SEARCH_PATTERNS.companyDiscover } as const;
const SEARCH = { person: SEARCH_PATTERNS.personSearch, company: SEARCH_PATTERNS.companySearch } as const;

@Injectable()
export class DiscoverService {
  private readonly modelConfigured: boolean;

  constructor(
    private readonly client: SearchClient,
    private readonly budgets: KeyBudgets,
    private readonly cursors: PageCursors,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.modelConfigured = config.discoveryModel !== null;
  }

  async discover(
    entity: Entity,
    kind: BuildKind,
    body: DiscoverBodyDto,
    caller: Caller,
  ): Promise<RouteAnswer<DiscoverResponse>> {
    const scope: CursorScope = { teamId: caller.teamId, route: 'discover', entity, kind, query: body.query };
    if (body.cursor !== undefined) return this.continueWalk(scope, body, body.cursor, caller);
    const result = await this.client.send<DiscoverReply>(PATTERN[entity], {
      query: body.query,
      limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
      offset: body.offset ?? 0,
      kind,
      model_allowed: await this.mayUseModel(kind, caller),
    });
    const reading = { generated_query: result.generated_query, interpretation: result.interpretation };
    return this.answer(scope, result, reading);
  }

  /**
   * A later page of a discover walk runs the query its first page generated, carried in the
   * cursor, as a search with discovery's result fields: the description is not read again, so
   * the walk stays one query (a model, or the date in "under 30", could read it otherwise), and
   * no page after the first calls the model.
   */
  private async continueWalk(
    scope: CursorScope,
    body: DiscoverBodyDto,
    raw: string,
    caller: Caller,
  ): Promise<RouteAnswer<DiscoverResponse>> {
    const opened = await this.cursors.open(raw, scope, caller.keyId);
    // A discover cursor always carries its reading (openCursor refuses one without).
    const reading = opened.reading as DiscoverReading;
    const result = await this.client.send<SearchReply>(SEARCH[scope.entity], {
      query: reading.generated_query,
      limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
      offset: 0,
      kind: scope.kind,
      result_set: 'discovery',
      cursor: opened.next,
    });
    return this.answer(scope, result, reading);
  }

  private answer(
    scope: CursorScope,
    result: SearchReply,
    reading: DiscoverReading,
  ): RouteAnswer<DiscoverResponse> {
    return workerAnswer(result, {
      matches: result.matches,
      total: result.total,
      generated_query: reading.generated_query,
      interpretation: reading.interpretation,
      next_cursor: this.cursors.seal(scope, result.next, reading),
    });
  }

  /**
   * A live discover may call the model provider while the key's `discover_model` budget lasts
   * (docs/discovery.md, "Model provider"); past it the parser answers alone, with
   * `fallback_reason: "model_budget_exhausted"`, rather than a 429: the request itself is within
   * its limit and the parser can answer it. The sandbox never calls the model, so takes nothing.
   */
  private async mayUseModel(kind: BuildKind, caller: Caller): Promise<boolean> {
    if (!this.modelConfigured || kind !== 'live') return false;
    return this.budgets.take('discover_model', caller.keyId);
  }
}
