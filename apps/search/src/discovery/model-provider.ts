import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DiscoveryModelConfig } from '@app/config';
import type { DiscoveryFallbackReason, Entity } from '@app/contracts';
import { FILTER_SCHEMAS, Filter, readFilters, toSql } from '@app/discovery';

/**
 * What a model answered: filters that passed every check, or why they were not used, as a code
 * for the client (the provider's own words, which may echo credentials or prompts, stay in the log).
 */
export type ModelAnswer =
  { ok: true; filters: readonly Filter[] } | { ok: false; reason: DiscoveryFallbackReason };

const ANSWER_BYTES = 256 * 1024;
/** How much of a provider's error text the log keeps. */
const LOGGED_CHARS = 300;

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
    if (!config) return { ok: false, reason: 'model_error' };
    let content: string;
    try {
      content = await this.complete(config, entity, description, today);
    } catch (e) {
      const name = (e as { name?: string })?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        this.logger.warn(`model provider gave no answer within ${config.timeoutMs} ms`);
        return { ok: false, reason: 'model_timeout' };
      }
      this.logger.warn(`model provider failed: ${this.loggable(String((e as Error)?.message ?? e))}`);
      return { ok: false, reason: 'model_error' };
    }
    const read = check(entity, content);
    if (read.ok) return read;
    this.logger.warn(`model answer not used: ${this.loggable(read.detail)}`);
    return { ok: false, reason: 'model_invalid_answer' };
  }

  /** Upstream text for the log: bounded, on one line, and without the provider's key should it echo it. */
  private loggable(text: string): string {
    const key = this.config?.apiKey;
    const clean = (key ? text.split(key).join('[redacted]') : text).replace(/\s+/g, ' ');
    return clean.length > LOGGED_CHARS ? `${clean.slice(0, LOGGED_CHARS)}…` : clean;
  }

  private async complete(
    config: DiscoveryModelConfig,
    entity: Entity,
    description: string,
    today: string,
  ): Promise<string> {
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
    const { text, cut } = await readAtMost(res, ANSWER_BYTES);
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, LOGGED_CHARS)}`);
    if (cut) throw new Error(`an answer of more than ${ANSWER_BYTES} bytes`);
    const body = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
    const message = body.choices?.[0]?.message?.content;
    if (typeof message !== 'string') throw new Error('no message content in the answer');
    return message;
  }
}

/** The model's message read as filters, or what is wrong with it (for the log only). */
function check(
  entity: Entity,
  message: string,
): { ok: true; filters: readonly Filter[] } | { ok: false; detail: string } {
  let content: unknown;
  try {
    content = JSON.parse(message);
  } catch (e) {
    return { ok: false, detail: `not JSON: ${(e as Error).message}` };
  }
  const read = readFilters((content as { filters?: unknown } | null)?.filters, entity);
  if (!read.ok) return { ok: false, detail: `invalid filters: ${read.problems.slice(0, 5).join('; ')}` };
  try {
    toSql(read.filters, entity);
  } catch (e) {
    return { ok: false, detail: `filters not convertible: ${(e as Error).message}` };
  }
  return { ok: true, filters: read.filters };
}

/**
 * The body as text, reading at most `max` bytes: past that the rest is never read (cut), so an
 * endpoint answering without end costs this worker `max` bytes, not its memory, whatever the
 * status. The request's own timeout still bounds the time.
 */
async function readAtMost(res: Response, max: number): Promise<{ text: string; cut: boolean }> {
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(chunks).subarray(0, max).toString('utf8'), cut: true };
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), cut: false };
}
