import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BuildKind, DiscoverReply, DiscoveryInterpretation, Entity, SEARCH_PATTERNS } from '@app/contracts';
import { type Caller, KeyBudgets } from '../access';
import type { RouteAnswer } from '../route-answer';
import { SearchClient } from '../search-client/search-client.service';
import { workerAnswer } from '../search-client/worker-answer';
import { DEFAULT_SEARCH_LIMIT } from '../search/dto/page-params.dto';
import { DiscoverBodyDto } from './dto/discover-body.dto';

export interface DiscoverResponse {
  matches: Record<string, unknown>[];
  total: number;
  generated_query: string;
  interpretation: DiscoveryInterpretation;
}

const PATTERN = { person: SEARCH_PATTERNS.personDiscover, company: SEARCH_PATTERNS.companyDiscover } as const;

@Injectable()
export class DiscoverService {
  private readonly modelConfigured: boolean;

  constructor(
    private readonly client: SearchClient,
    private readonly budgets: KeyBudgets,
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
    const result = await this.client.send<DiscoverReply>(PATTERN[entity], {
      query: body.query,
      limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
      offset: body.offset ?? 0,
      kind,
      model_allowed: await this.mayUseModel(kind, caller),
    });
    return workerAnswer(result, {
      matches: result.matches,
      total: result.total,
      generated_query: result.generated_query,
      interpretation: result.interpretation,
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
