import { Injectable } from '@nestjs/common';
import { DiscoverReply, DiscoveryInterpretation, Entity, ServiceError } from '@app/contracts';
import {
  discoveryExamples,
  either,
  Filter,
  Interpretation,
  interpret,
  InvalidFiltersError,
  readFilters,
  sandboxQueryProblem,
  toSql,
  unheldValues,
} from '@app/discovery';
import { SearchService } from '../search/search.service';
import { DiscoverRequestDto } from './dto/discover-request.dto';
import { ModelAnswer, ModelProvider } from './model-provider';
import { VocabularyService } from './vocabulary.service';

const WHERE = / WHERE (.*)$/s;

/**
 * Plain language → typed filters (libs/discovery, against the served build's vocabulary) →
 * SQL subset → the same search path as /search, which parses and validates the generated
 * query again: nothing generated is trusted.
 */
@Injectable()
export class DiscoveryService {
  constructor(
    private readonly vocabularies: VocabularyService,
    private readonly search: SearchService,
    private readonly model: ModelProvider,
  ) {}

  async discover(entity: Entity, req: DiscoverRequestDto): Promise<DiscoverReply> {
    const vocabulary = await this.vocabularies.forBuild(entity, req.kind);
    if (req.kind === 'sandbox') {
      const problem = sandboxQueryProblem(entity, req.query, vocabulary);
      if (problem)
        throw new ServiceError('invalid_query', problem.message, { supported_queries: problem.supported });
    }
    const date = today();
    const understood = interpret(req.query, entity, { vocabulary, today: date });
    let sql: string;
    let interpretation: DiscoveryInterpretation;
    const answer = await this.askModel(entity, req, date);
    if (answer?.ok) {
      sql = toSql(answer.filters, entity);
      interpretation = fromModel(entity, answer.filters);
    } else {
      sql = generatedQuery(entity, understood);
      interpretation = describe(entity, understood, 'parser');
      if (answer) interpretation.fallback_reason = answer.reason;
    }
    interpretation.not_in_build = unheldValues(
      answer?.ok ? answer.filters : understood.filters,
      entity,
      vocabulary,
    );
    const reply = await this.search.search(entity, {
      query: sql,
      limit: req.limit,
      offset: req.offset,
      kind: req.kind,
      result_set: 'discovery',
    });
    return { ...reply, generated_query: sql, interpretation };
  }

  /**
   * The model's answer, or null when none is asked for. The sandbox's fixed queries are answered
   * by the parser alone (the same answer every time); a live request uses the model only when the
   * gateway took a token of the key's model budget for it (`model_allowed`).
   */
  private async askModel(entity: Entity, req: DiscoverRequestDto, date: string): Promise<ModelAnswer | null> {
    if (!this.model.enabled || req.kind !== 'live') return null;
    if (req.model_allowed !== true) return { ok: false, reason: 'model_budget_exhausted' };
    return this.model.fill(entity, req.query, date);
  }
}

/** The request date in UTC: relative phrases ("under 30", "founded in the last 5 years") count from it. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function generatedQuery(entity: Entity, understood: Interpretation): string {
  if (understood.filters.length === 0) {
    const heard = [
      ...understood.unsupported.map((u) => `"${u.phrase}" (${u.reason})`),
      ...understood.ignored.map((w) => `"${w}"`),
    ];
    throw new ServiceError(
      'invalid_query',
      `Nothing in the description could be turned into a ${entity} filter` +
        (heard.length > 0 ? `; not understood: ${heard.slice(0, 20).join(', ')}` : '') +
        '. Name a role, a place, an employer, an industry, a skill or a size; see details.examples.',
      {
        ignored: understood.ignored,
        unsupported: understood.unsupported,
        examples: discoveryExamples(entity),
      },
    );
  }
  try {
    return toSql(understood.filters, entity);
  } catch (e) {
    if (!(e instanceof InvalidFiltersError)) throw e;
    throw new ServiceError(
      'invalid_query',
      `The description could not be turned into a valid query: ${e.problems.join('; ')}`,
      {
        problems: e.problems,
        examples: discoveryExamples(entity),
      },
    );
  }
}

/** The WHERE clause `filters` become on their own. */
function condition(entity: Entity, filters: readonly Filter[]): string {
  return WHERE.exec(toSql(filters, entity))?.[1] ?? '';
}

function fromModel(entity: Entity, filters: readonly Filter[]): DiscoveryInterpretation {
  const recognised = filters.map((f) => ({ phrase: null, read: null, condition: condition(entity, [f]) }));
  return { produced_by: 'model', recognised, unsupported: [], ignored: [], not_in_build: [] };
}

function describe(
  entity: Entity,
  understood: Interpretation,
  producedBy: DiscoveryInterpretation['produced_by'],
): DiscoveryInterpretation {
  return {
    produced_by: producedBy,
    // A phrase whose filters the converter refuses (a number past its bounds) is listed under
    // `unsupported` by the parser and left out of the query, so it is left out here too.
    recognised: understood.recognised.flatMap((r) => {
      // A negated phrase shows as NOT (…) even when its filters carry the negation themselves.
      const shown = r.negated && !r.filters.every((f) => f.negated) ? [either([r.filters], true)] : r.filters;
      if (!readFilters(shown, entity).ok) return [];
      return [{ phrase: r.phrase, read: r.read, condition: condition(entity, shown) }];
    }),
    unsupported: understood.unsupported.map((u) => ({ phrase: u.phrase, reason: u.reason })),
    ignored: [...understood.ignored],
    not_in_build: [],
  };
}
