/**
 * Company matching: every company holding one of the query's keys is a candidate, compared on
 * every field the query gives, and candidates compete for the posterior as people do
 * (fellegi-sunter.ts). Identifiers (domain, netx page or id, social page, ticker, svc_id) are
 * near-certain; a name alone is worth "moderate" when one company carries it and splits when
 * several do, since our build is not every company in the world.
 *
 * Records are sparse (only svc_id and a name or a domain are sure): a field the candidate lacks
 * is missing and adds nothing, never a disagreement. A domain disagrees only with a company that
 * has a domain, a netx page or id only with one that has them, a social page only with one that
 * has a page on the same network, a ticker only with a listed company, a name only with a named
 * one; a listing whose exchange is unknown agrees on its symbol as if no exchange were given.
 */
import { memoize } from '@app/cache';
import type { CompanyRecord, Confidence } from '@app/contracts';
import { detectSocialNetwork, domainKey, normalizeTicker, urlKey } from '@app/normalize';
import { evidenceOf, type MatchEvidence, type WeighedComparison } from '../evidence';
import { confidenceOf, Level, levelBits, posteriors, priorBits } from '../fellegi-sunter';
import { jaroWinkler } from '../text/jaro-winkler';
import { companyKeyOf } from '../person/keys';
import type { MatchType } from '../person/score';
import {
  COMPANY_MATCH_FIELDS,
  CompanyKeyKind,
  CompanyMatchField,
  CompanyQuery,
  companyLookupKeys,
} from './query';

export type CompanyCandidate = Pick<
  CompanyRecord,
  'svc_id' | 'name' | 'domain' | 'alt_domains' | 'netx_url' | 'netx_id' | 'tickers' | 'socials'
>;

export interface CompanyCandidateSource {
  population(): Promise<number>;
  /** svc_ids of the companies holding any of these company_match_keys. */
  findByKeys(keys: ReadonlyArray<{ kind: CompanyKeyKind; value: string }>): Promise<string[]>;
  loadCandidates(svcIds: readonly string[]): Promise<CompanyCandidate[]>;
}

export interface ScoredCompany {
  svc_id: string;
  weight: number;
  probability: number;
  confidence: Confidence;
  matched_on: CompanyMatchField[];
  match_type: MatchType;
  /** Why: each comparison with its bits, and the fields the company holds no value for. */
  evidence: MatchEvidence[];
}

const L = (m: number, u: number): Level => ({ m, u });

/** m/u per comparison level; the name's u depends on the build size (see nameBits). */
export const COMPANY_WEIGHTS = {
  svc_id: { agree: L(1 - 1e-6, 1e-12), disagree: L(1e-6, 1) },
  domain: { agree: L(0.85, 1e-8), agree_alt: L(0.1, 1e-8), disagree: L(0.05, 1) },
  netx_url: { agree: L(0.9, 1e-9), disagree: L(0.1, 1) },
  netx_id: { agree: L(0.9, 1e-10), disagree: L(0.1, 1) },
  social_url: { agree: L(0.8, 1e-9), disagree: L(0.2, 1) },
  // One symbol can be listed by different companies on different exchanges.
  ticker: { agree: L(0.85, 1e-7), agree_symbol: L(0.1, 1e-5), disagree: L(0.05, 1) },
  name: { exact: L(0.85, 1), close: L(0.1, 0.001), disagree: L(0.05, 0.999) },
} as const;

/** Odds a unique exact name alone gives: p = 8.5 / 9.5 ≈ 0.89, moderate. */
const NAME_ODDS = 10;

const domainOf = memoize((s: string) => (s === '' ? '' : (domainKey(s) ?? s)));
const urlOf = memoize((s: string) => (s === '' ? '' : urlKey(s)));
const networkOf = memoize((s: string) => detectSocialNetwork(s) ?? '');
const tickerOf = memoize((s: string) => {
  const t = normalizeTicker(s);
  return t.ok ? t.value.symbol : s.toUpperCase();
});

type Comparison = keyof typeof COMPANY_WEIGHTS;

interface Outcome extends WeighedComparison {
  agreed: CompanyMatchField[];
  identifier: boolean;
}

/** `field`: the request field read; it is in matched_on when the level agrees. */
function outcome<C extends Comparison>(
  comparison: C,
  level: keyof (typeof COMPANY_WEIGHTS)[C] & string,
  field: CompanyMatchField,
  identifier = false,
): Outcome {
  const weights = COMPANY_WEIGHTS[comparison] as Record<string, Level>;
  const agreed = level === 'disagree' ? [] : [field];
  return { field, comparison, level, bits: levelBits(weights[level]), agreed, identifier };
}

/** The request fields the query read. */
function givenFields(q: CompanyQuery): CompanyMatchField[] {
  const fields: CompanyMatchField[] = q.svcId ? ['svc_id'] : [];
  fields.push(...q.domains.map((d) => d.field));
  if (q.netxUrl) fields.push(q.netxUrl.field);
  if (q.netxId) fields.push('netx_id');
  if (q.socialUrl) fields.push('social_url');
  if (q.ticker) fields.push('ticker');
  if (q.name) fields.push('name');
  return fields;
}

function evidence(q: CompanyQuery, outcomes: readonly Outcome[]): MatchEvidence[] {
  const compared = new Set(outcomes.map((o) => o.field));
  const unknown = [...new Set(givenFields(q))].filter((f) => !compared.has(f));
  return evidenceOf(outcomes, unknown, COMPANY_MATCH_FIELDS);
}

function compare(q: CompanyQuery, c: CompanyCandidate, population: number): Outcome[] {
  const out: Outcome[] = [];
  if (q.svcId)
    out.push(
      q.svcId === c.svc_id
        ? outcome('svc_id', 'agree', 'svc_id', true)
        : outcome('svc_id', 'disagree', 'svc_id'),
    );
  const domain = c.domain ? domainOf(c.domain) : '';
  const alt = c.alt_domains.filter((a) => a !== '');
  for (const d of q.domains) {
    if (domain !== '' && domain === d.value) out.push(outcome('domain', 'agree', d.field, true));
    else if (alt.some((a) => domainOf(a) === d.value))
      out.push(outcome('domain', 'agree_alt', d.field, true));
    else if (domain !== '' || alt.length > 0) out.push(outcome('domain', 'disagree', d.field));
  }
  const socials = c.socials.filter((s) => s.url);
  if (q.netxUrl) {
    const want = q.netxUrl.value;
    const pages = [...(c.netx_url ? [c.netx_url] : []), ...socials.map((s) => s.url)].map(urlOf);
    if (pages.includes(want)) out.push(outcome('netx_url', 'agree', q.netxUrl.field, true));
    else if (pages.some((u) => networkOf(u) === 'netx'))
      out.push(outcome('netx_url', 'disagree', q.netxUrl.field));
  }
  if (q.netxId && c.netx_id)
    out.push(
      c.netx_id === q.netxId
        ? outcome('netx_id', 'agree', 'netx_id', true)
        : outcome('netx_id', 'disagree', 'netx_id'),
    );
  if (q.socialUrl) {
    const want = q.socialUrl;
    const network = networkOf(want);
    if (socials.some((s) => urlOf(s.url) === want))
      out.push(outcome('social_url', 'agree', 'social_url', true));
    else if (socials.some((s) => networkOf(urlOf(s.url)) === network))
      out.push(outcome('social_url', 'disagree', 'social_url'));
  }
  if (q.ticker && c.tickers.length > 0) {
    const t = q.ticker;
    const listed = c.tickers.filter((x) => tickerOf(x.ticker_symbol) === t.symbol);
    const onExchange = listed.some(
      (x) => !t.exchange || !x.exchange || x.exchange.toUpperCase() === t.exchange,
    );
    out.push(
      onExchange
        ? outcome('ticker', 'agree', 'ticker', true)
        : listed.length > 0
          ? outcome('ticker', 'agree_symbol', 'ticker', true)
          : outcome('ticker', 'disagree', 'ticker'),
    );
  }
  const names = c.name ? [c.name.cleaned, ...c.name.raw].filter((n) => !!n) : [];
  if (q.name && names.length > 0) {
    const keys = names.map(companyKeyOf).filter((k) => k !== '');
    if (keys.includes(q.name))
      out.push({
        ...outcome('name', 'exact', 'name'),
        bits: Math.log2(COMPANY_WEIGHTS.name.exact.m * NAME_ODDS * Math.max(population, 1)),
      });
    else if (keys.some((k) => jaroWinkler(k, q.name!) >= 0.92)) out.push(outcome('name', 'close', 'name'));
    else out.push(outcome('name', 'disagree', 'name'));
  }
  return out;
}

export async function matchCompany(
  q: CompanyQuery,
  source: CompanyCandidateSource,
): Promise<ScoredCompany[]> {
  const ids = new Set(await source.findByKeys(companyLookupKeys(q)));
  if (q.svcId) ids.add(q.svcId);
  if (ids.size === 0) return [];
  const [candidates, population] = await Promise.all([source.loadCandidates([...ids]), source.population()]);
  const compared = candidates.map((c) => ({ c, outcomes: compare(q, c, population) }));
  const weights = compared.map((x) => x.outcomes.reduce((s, o) => s + o.bits, 0));
  const probabilities = posteriors(weights, priorBits(population));
  const scored: ScoredCompany[] = [];
  compared.forEach(({ c, outcomes }, i) => {
    const confidence = confidenceOf(probabilities[i]);
    if (!confidence) return;
    const agreed = new Set(outcomes.flatMap((o) => o.agreed));
    scored.push({
      svc_id: c.svc_id,
      weight: weights[i],
      probability: probabilities[i],
      confidence,
      matched_on: COMPANY_MATCH_FIELDS.filter((f) => agreed.has(f)),
      match_type: outcomes.some((o) => o.identifier) ? 'exact' : 'probabilistic',
      evidence: evidence(q, outcomes),
    });
  });
  return scored.sort(
    (a, b) => b.probability - a.probability || b.weight - a.weight || (a.svc_id < b.svc_id ? -1 : 1),
  );
}
