import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DiscoveryModelConfig } from '@app/config';
import type { Entity } from '@app/contracts';
import { FILTER_SCHEMAS, Filter, readFilters, toSql } from '@app/discovery';

/** What a model answered: filters that passed every check, or why they were not used. */
export type ModelAnswer = { ok: true; filters: readonly Filter[] } | { ok: false; reason: string };

const ANSWER_BYTES = 256 * 1024;

function instructions(entity: Entity, today: string): string {
  const who = entity === 'person' ? 'people' : 'companies';
  return [
    `You turn a plain-language description of ${who} into search filters.`,
    `Answer with one JSON object {"filters": [...]} that follows the given JSON schema exactly; never write SQL.`,
    'Use only what the description says; leave out anything you cannot express with the schema.',
    `Today is ${today}: compute ages, years and "last N years" from this date.`,
  ].join(' ');
}

/**
 * The optional model of discovery (docs/discovery.md, "Model provider"): an OpenAI-compatible
 * chat-completions API fills the same typed filter object the parser fills, under its JSON
 * schema. Its answer is untrusted: read by `readFilters`, converted by `toSql` (and parsed
 * again by the search path); anything invalid, late or failed falls back to the parser.
 */
@Injectable()
export class ModelProvider {
  private readonly logger = new Logger('DiscoveryModel');
  private readonly config: DiscoveryModelConfig | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.config = config.discoveryModel;
  }

  get enabled(): boolean {
    return this.config !== null;
  }

  async fill(entity: Entity, description: string, today: string): Promise<ModelAnswer> {
    const config = this.config;
    if (!config) return { ok: false, reason: 'no model provider is configured' };
    let content: unknown;
    try {
      content = await this.complete(config, entity, description, today);
    } catch (e) {
      const name = (e as { name?: string })?.name;
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${config.timeoutMs} ms`
          : String((e as Error)?.message ?? e);
      this.logger.warn(`model provider failed: ${reason}`);
      return { ok: false, reason: `the model provider failed: ${reason}` };
    }
    return check(entity, content);
  }

  private async complete(
    config: DiscoveryModelConfig,
    entity: Entity,
    description: string,
    today: string,
  ): Promise<unknown> {
    const res = await fetch(`${config.url}/chat/completions`, {
      method: 'POST',
      signal: AbortSignal.timeout(config.timeoutMs),
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: instructions(entity, today) },
          { role: 'user', content: description },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: `${entity}_discovery_filters`, strict: true, schema: FILTER_SCHEMAS[entity] },
        },
      }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > ANSWER_BYTES) throw new Error(`an answer of ${text.length} bytes`);
    const body = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
    const message = body.choices?.[0]?.message?.content;
    if (typeof message !== 'string') throw new Error('no message content in the answer');
    return JSON.parse(message) as unknown;
  }
}

function check(entity: Entity, content: unknown): ModelAnswer {
  const filters = (content as { filters?: unknown } | null)?.filters;
  const read = readFilters(filters, entity);
  if (!read.ok)
    return { ok: false, reason: `the model's filters were invalid: ${read.problems.slice(0, 5).join('; ')}` };
  try {
    toSql(read.filters, entity);
  } catch (e) {
    return { ok: false, reason: `the model's filters could not be converted: ${(e as Error).message}` };
  }
  return { ok: true, filters: read.filters };
}
