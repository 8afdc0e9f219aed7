/**
 * Discovery accuracy through the endpoint: a labelled description sent to POST /{entity}/discover
 * and its intended SQL to POST /{entity}/search, both read page by page up to a cap, and the
 * result sets (svc_id) compared; a miss says why (what the parser left out, or how it read the
 * phrases). The same description parsed in this process tells the endpoint's parse from ours.
 */
import type { Entity } from '@app/contracts';
import { CompiledVocabulary, interpret, toSql } from '@app/discovery';
import type { LabelledRow } from './labelled';
import type { Reply } from './stack';

const PAGE = 100;

interface Interp {
  produced_by?: string;
  recognised?: { phrase: string | null; read: string | null; condition: string }[];
  unsupported?: { phrase: string; reason: string }[];
  ignored?: string[];
}

interface Collected {
  status: number;
  ids: string[];
  total: number | null;
  totalStatus: string | null;
  pages: number;
  ms: number;
  generated?: string;
  interpretation?: Interp;
  error?: string;
  /** A later page answered another generated query than the first (must never happen). */
  unstable?: boolean;
}

export interface RowResult {
  description: string;
  sql: string;
  hit: boolean;
  reason: string | null;
  generated: string | null;
  discover: Omit<Collected, 'ids' | 'interpretation' | 'generated'> & { size: number };
  intended: Omit<Collected, 'ids' | 'interpretation' | 'generated'> & { size: number };
  onlyDiscover: number;
  onlyIntended: number;
  interpretation: Interp | null;
  /** The same description parsed in this process with the vocabulary read from the build. */
  directSql: string | null;
}

const idOf = (entity: Entity) => (m: Record<string, { svc_id?: string }>) =>
  (entity === 'person' ? m.person : m.company)?.svc_id ?? '';

async function collect(
  post: (url: string, payload: unknown) => Promise<Reply>,
  url: string,
  entity: Entity,
  query: string,
  cap: number,
): Promise<Collected> {
  const ids: string[] = [];
  let total: number | null = null;
  let totalStatus: string | null = null;
  let generated: string | undefined;
  let interpretation: Interp | undefined;
  let unstable = false;
  let pages = 0;
  let ms = 0;
  for (let offset = 0; offset < cap; offset += PAGE) {
    const res = await post(url, {
      query,
      limit: Math.min(PAGE, cap - offset),
      offset,
      include_fields: 'svc_id',
    });
    pages++;
    ms += res.ms;
    const body = res.body as {
      matches?: Record<string, { svc_id?: string }>[];
      total?: number;
      generated_query?: string;
      interpretation?: Interp;
      message?: string;
      details?: Interp;
    };
    if (res.status !== 200) {
      return {
        status: res.status,
        ids,
        total,
        totalStatus,
        pages,
        ms,
        generated,
        interpretation: interpretation ?? body.details,
        error: body.message ?? String(res.body).slice(0, 300),
      };
    }
    if (offset === 0) {
      generated = body.generated_query;
      interpretation = body.interpretation;
      total = body.total ?? null;
      totalStatus = String(res.headers['total-count-status'] ?? '');
    } else if (body.generated_query !== generated) unstable = true;
    const page = (body.matches ?? []).map(idOf(entity));
    ids.push(...page);
    if (page.length < Math.min(PAGE, cap - offset)) break;
    if (total !== null && ids.length >= total) break;
  }
  return { status: 200, ids, total, totalStatus, pages, ms, generated, interpretation, unstable };
}

/** Why a miss: what the parser left out or reported, else how it read the phrases. */
function reasonOf(d: Collected): string {
  const i = d.interpretation ?? {};
  const parts: string[] = [];
  if (d.status !== 200) parts.push(`discover answered ${d.status}: ${d.error ?? ''}`);
  if (i.ignored?.length) parts.push(`ignored ${i.ignored.map((w) => `"${w}"`).join(', ')}`);
  if (i.unsupported?.length)
    parts.push(`unsupported ${i.unsupported.map((u) => `"${u.phrase}" (${u.reason})`).join(', ')}`);
  if (d.unstable) parts.push('generated query changed between pages');
  if (d.status === 200 && parts.length === 0) {
    const read = (i.recognised ?? []).map(
      (r) =>
        `"${r.phrase}"${r.read && r.read !== r.phrase?.toLowerCase() ? ` (read "${r.read}")` : ''} → ${r.condition}`,
    );
    parts.push(`every word read, differently from the intended SQL: ${read.join('; ')}`);
  }
  return parts.join('; ');
}

function strip({ ids: _ids, interpretation: _i, generated: _g, ...rest }: Collected) {
  return { ...rest, size: _ids.length };
}

export async function accuracy(
  post: (url: string, payload: unknown) => Promise<Reply>,
  entity: Entity,
  rows: readonly LabelledRow[],
  cap: number,
  vocabulary: CompiledVocabulary,
  today: string,
  log: (t: string) => void,
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  for (const [n, row] of rows.entries()) {
    const d = await collect(post, `/${entity}/discover`, entity, row.description, cap);
    const s = await collect(post, `/${entity}/search`, entity, row.sql, cap);
    if (s.status !== 200)
      throw new Error(`intended SQL refused (${s.status}: ${s.error}) for "${row.description}": ${row.sql}`);
    const a = new Set(d.ids);
    const b = new Set(s.ids);
    const onlyDiscover = [...a].filter((x) => !b.has(x)).length;
    const onlyIntended = [...b].filter((x) => !a.has(x)).length;
    // Both lists are the first `cap` rows in svc_id order, so equal lists and equal totals
    // mean equal sets even past the cap.
    const hit =
      d.status === 200 &&
      !d.unstable &&
      onlyDiscover === 0 &&
      onlyIntended === 0 &&
      d.ids.length === s.ids.length &&
      d.total === s.total;
    const r = interpret(row.description, entity, { vocabulary, today });
    let directSql: string | null = null;
    try {
      directSql = r.filters.length > 0 ? toSql(r.filters, entity) : null;
    } catch {
      directSql = null;
    }
    results.push({
      description: row.description,
      sql: row.sql,
      hit,
      reason: hit ? null : reasonOf(d),
      generated: d.generated ?? null,
      discover: strip(d),
      intended: strip(s),
      onlyDiscover,
      onlyIntended,
      interpretation: d.interpretation ?? null,
      directSql,
    });
    if ((n + 1) % 25 === 0) log(`  ${entity}: ${n + 1}/${rows.length}`);
  }
  return results;
}
