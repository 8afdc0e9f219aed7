import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  BuildKind,
  COMPANY_SEARCH_RESULT_FIELDS,
  IndustriesReply,
  PERSON_DISCOVERY_RESULT_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
  RESULT_FIELD,
  SearchReply,
  ServiceError,
  TotalCountStatus,
  Entity,
} from '@app/contracts';
import { aliasName } from '@app/search-index';
import { INDUSTRY_COLUMN } from '@app/sql';

import { OPENSEARCH } from '../opensearch/opensearch.module';
import { closestToAny } from './closest-values';
import { CompiledQueries, type CompiledQuery } from './compiled-queries';
import { SearchRequestDto } from './dto/search-request.dto';
import { IndustryValuesService } from './industry-values.service';
import { refusedQuery } from './refusal';
import { countRequest, pageRequest } from './opensearch-requests';

/** The fields of each result, in record order: every one is returned, `null` when the record lacks it. */
const RESULT_FIELDS: Record<Entity, Record<'search' | 'discovery', readonly string[]>> = {
  person: { search: PERSON_SEARCH_RESULT_FIELDS, discovery: PERSON_DISCOVERY_RESULT_FIELDS },
  company: { search: COMPANY_SEARCH_RESULT_FIELDS, discovery: COMPANY_SEARCH_RESULT_FIELDS },
};

function isTimeout(error: unknown): boolean {
  const e = error as { name?: string; meta?: { statusCode?: number } };
  return e?.name === 'TimeoutError' || e?.name === 'RequestAbortedError' || e?.meta?.statusCode === 504;
}

/**
 * SQL subset → validated AST → OpenSearch DSL → one page sorted by svc_id (stable within a
 * build) plus a total counted within a time budget.
 */
@Injectable()
export class SearchService {
  private readonly compiled = new CompiledQueries();

  constructor(
    @Inject(OPENSEARCH) private readonly client: Client,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly industries: IndustryValuesService,
  ) {}

  async search(entity: Entity, req: SearchRequestDto): Promise<SearchReply> {
    const { query, industries } = this.compiled.get(entity, req.query);
    const alias = aliasName(this.config.opensearch, entity, req.kind);
    const warning = await this.industryWarning(industries, alias);
    if (warning) return { matches: [], total: 0, total_status: 'exact', warning, billable: false };

    const [page, count] = await Promise.all([this.page(alias, query, req), this.count(alias, query)]);
    const matches = page.map((source) => ({ [entity]: this.resultFields(entity, source, req) }));
    if (count)
      return { matches, total: count.total, total_status: count.status, warning: null, billable: true };
    return { matches, total: matches.length, total_status: 'page', warning: null, billable: true };
  }

  /** The industries a build stores, per entity: what the industry rule checks filters against. */
  async industriesOf(kind: BuildKind): Promise<IndustriesReply> {
    const of = async (entity: Entity) => {
      const alias = aliasName(this.config.opensearch, entity, kind);
      try {
        return [...(await this.industries.values(alias, INDUSTRY_COLUMN[entity])).names].sort();
      } catch (error) {
        // No build of this kind loaded yet: it stores no industry.
        if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return [];
        throw error;
      }
    };
    const [person, company] = await Promise.all([of('person'), of('company')]);
    return { person, company };
  }

  private async industryWarning(filters: CompiledQuery['industries'], alias: string): Promise<string | null> {
    if (filters.length === 0) return null;
    const { names: stored, complete } = await this.industries.values(alias, filters[0].column);
    // Too many names to read them all: an unlisted one may be stored, so the query runs.
    if (!complete) return null;
    for (const filter of filters) {
      if (filter.values.some((v) => stored.has(v))) continue;
      const closest = closestToAny(filter.values, stored);
      // Echo at most 100 characters of each value so the verdict survives the header length limit.
      const asked = filter.values.map((v) => `'${v.length > 100 ? `${v.slice(0, 100)}...` : v}'`).join(', ');
      return `${filter.column} ${filter.values.length > 1 ? 'IN' : '='} ${asked} matches no stored industry; closest: ${closest.join(', ') || 'none'}`;
    }
    return null;
  }

  private async page(
    alias: string,
    query: unknown,
    req: SearchRequestDto,
  ): Promise<Record<string, unknown>[]> {
    const budget = this.config.search.timeoutMs;
    try {
      const request = pageRequest(alias, query, req, budget);
      const res = await this.client.search(request.params as never, request.options);
      if (res.body.timed_out) throw this.tooSlow(budget);
      return res.body.hits.hits.map(
        (h) => (h._source as Record<string, Record<string, unknown>>)[RESULT_FIELD],
      );
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      if (isTimeout(error)) throw this.tooSlow(budget);
      if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 400) throw refusedQuery(error);
      throw error;
    }
  }

  /** Exact when counted within the budget; a lower bound (`estimate`) when the budget ran out; null if counting failed. */
  private async count(
    alias: string,
    query: unknown,
  ): Promise<{ total: number; status: TotalCountStatus } | null> {
    const budget = this.config.search.countBudgetMs;
    try {
      const request = countRequest(alias, query, budget);
      const res = await this.client.search(request.params as never, request.options);
      const total = res.body.hits.total;
      const value = typeof total === 'number' ? total : (total?.value ?? 0);
      return { total: value, status: res.body.timed_out ? 'estimate' : 'exact' };
    } catch {
      return null;
    }
  }

  /**
   * The result subset of one hit: exactly the entity's result fields, an unknown or absent one
   * as `null` (records are sparse, and a document indexed before a field existed lacks it).
   */
  private resultFields(
    entity: Entity,
    source: Record<string, unknown> | undefined,
    req: SearchRequestDto,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const f of RESULT_FIELDS[entity][req.result_set === 'discovery' ? 'discovery' : 'search'])
      out[f] = source?.[f] ?? null;
    return out;
  }

  private tooSlow(budget: number): ServiceError {
    return new ServiceError(
      'search_timeout',
      `The search took longer than ${budget} ms. Combine broad filters (especially cross-table columns such as skills or title) with a selective one such as job_title, company_name or city.`,
      { timeout_ms: budget, retry_after_seconds: 1 },
    );
  }
}
