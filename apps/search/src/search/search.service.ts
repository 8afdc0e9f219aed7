import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  BuildKind,
  COMPANY_SEARCH_RESULT_FIELDS,
  IndustriesReply,
  PageContinuation,
  PageCount,
  PERSON_DISCOVERY_RESULT_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
  RESULT_FIELD,
  SearchReply,
  ServiceError,
  Entity,
} from '@app/contracts';
import { aliasName, kindIndexPattern } from '@app/search-index';
import { INDUSTRY_COLUMN } from '@app/sql';

import { OPENSEARCH } from '../opensearch/opensearch.module';
import { closestToAny } from './closest-values';
import { CompiledQueries, type CompiledQuery } from './compiled-queries';
import { SearchRequestDto } from './dto/search-request.dto';
import { IndustryValuesService } from './industry-values.service';
import { refusedQuery } from './refusal';
import {
  countRequest,
  type OpenSearchRequest,
  pageRequest,
  type PointInTime,
  walkRequest,
} from './opensearch-requests';
import { closePointInTime, cursorExpired, isExpired, openPointInTime } from './point-in-time';

/** One page as read: the result subsets, and where the next starts when more rows follow. */
interface Page {
  sources: Record<string, unknown>[];
  next: Omit<PageContinuation, 'count'> | null;
}

type Hit = { _index: string; _source?: unknown; sort?: unknown[] };

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
    if (req.cursor) return this.walk(entity, query, req, req.cursor);
    const alias = aliasName(this.config.opensearch, entity, req.kind);
    const warning = await this.industryWarning(industries, alias);
    if (warning)
      return { matches: [], total: 0, total_status: 'exact', warning, billable: false, next: null };
    const [page, count] = await Promise.all([
      this.page(pageRequest(alias, query, req, this.config.search.timeoutMs), req.limit, null),
      this.count(alias, query),
    ]);
    return this.reply(entity, req, page, count);
  }

  /**
   * A page of a cursor walk: from the walk's point-in-time, opened now if this is its second page,
   * and closed when this page ends it. A page that fails closes a point-in-time it opened, so a
   * retry of the same cursor does not leave one behind.
   */
  private async walk(
    entity: Entity,
    query: unknown,
    req: SearchRequestDto,
    cursor: PageContinuation,
  ): Promise<SearchReply> {
    this.checkWalk(entity, req, cursor);
    const keepAlive = `${this.config.search.cursorKeepAliveSeconds}s`;
    const budget = this.config.search.timeoutMs;
    const pit: PointInTime = cursor.pit
      ? { id: cursor.pit, keepAlive }
      : await openPointInTime(this.client, cursor.index, keepAlive, budget);
    try {
      const request = walkRequest(pit, query, { after: cursor.after, limit: req.limit }, budget);
      // The first page's count is the walk's total (counted on the same build); only a walk
      // whose first count failed counts again.
      const [page, count] = await Promise.all([
        this.page(request, req.limit, pit),
        cursor.count ?? this.count(pit, query),
      ]);
      if (!page.next) closePointInTime(this.client, pit.id);
      return this.reply(entity, req, page, count);
    } catch (error) {
      if (!cursor.pit) closePointInTime(this.client, pit.id);
      throw error;
    }
  }

  /** A gateway's continuation is a peer's word: it must name one of this entity's and kind's builds. */
  private checkWalk(entity: Entity, req: SearchRequestDto, cursor: PageContinuation): void {
    if (req.offset !== 0)
      throw new ServiceError('invalid_request', 'A page continues a cursor or skips offset rows, not both.', {
        parameter: 'cursor',
      });
    if (!cursor.index.startsWith(kindIndexPattern(this.config.opensearch, entity, req.kind).slice(0, -1)))
      throw new ServiceError(
        'invalid_cursor',
        `The cursor does not walk a ${req.kind} ${entity} build.`,
        null,
      );
  }

  private reply(entity: Entity, req: SearchRequestDto, page: Page, count: PageCount | null): SearchReply {
    const matches = page.sources.map((source) => ({ [entity]: this.resultFields(entity, source, req) }));
    const [total, status] = count ? [count.total, count.status] : [matches.length, 'page' as const];
    const next = page.next ? { ...page.next, count } : null;
    return { matches, total, total_status: status, warning: null, billable: true, next };
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

  /**
   * The first `limit` hits of a request that asks for one more; the extra one (or a full page at
   * the offset window's edge, where none can be asked for) means more rows follow.
   */
  private async page(request: OpenSearchRequest, limit: number, pit: PointInTime | null): Promise<Page> {
    const budget = this.config.search.timeoutMs;
    try {
      const res = await this.client.search(request.params as never, request.options);
      if (res.body.timed_out) throw this.tooSlow(budget);
      const hits = res.body.hits.hits as Hit[];
      const size = request.params.body.size as number;
      const shown = hits.slice(0, limit);
      const last = shown.at(-1);
      const more = hits.length > limit || (size === limit && hits.length === limit);
      const next: Page['next'] =
        more && last
          ? {
              index: last._index,
              after: String(last.sort?.[0]),
              pit: pit ? ((res.body as { pit_id?: string }).pit_id ?? pit.id) : null,
            }
          : null;
      return {
        sources: shown.map((h) => (h._source as Record<string, Record<string, unknown>>)[RESULT_FIELD]),
        next,
      };
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      if (isTimeout(error)) throw this.tooSlow(budget);
      if (pit && isExpired(error)) throw cursorExpired();
      if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 400) throw refusedQuery(error);
      throw error;
    }
  }

  /** Exact when counted within the budget; a lower bound (`estimate`) when the budget ran out; null if counting failed. */
  private async count(target: string | PointInTime, query: unknown): Promise<PageCount | null> {
    const budget = this.config.search.countBudgetMs;
    try {
      const request = countRequest(target, query, budget);
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
