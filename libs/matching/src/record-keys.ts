/**
 * What a loaded record is found by: its identifier keys (normalized emails and their hashes,
 * E.164 phones, profile URL keys, netx ids; company names, domains, tickers) and the extracted
 * columns name blocking reads. One home, beside the query code that must look them up the same
 * way: the loader writes them, the in-memory source of the unit specs reads them.
 */
import type { CompanyRecord, PersonRecord } from '@app/contracts';
import {
  cityKey,
  companyKey,
  domainKey,
  foldKey,
  hashNormalizedEmail,
  normalizeTicker,
  tryNormalizeEmail,
  urlKey,
} from '@app/normalize';
import type { CompanyKeyKind } from './company/query';
import type { PersonKeyKind } from './person/identifiers';

export interface KeyRow<K extends string> {
  kind: K;
  value: string;
  svc_id: string;
  current: boolean;
}

/** Extracted columns; the record itself travels as its original JSON text (see pg-writer). */
/** Extracted columns; null where the record does not know the value. */
export interface PersonRow {
  svc_id: string;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  city: string | null;
  state_code: string | null;
  country_code: string | null;
  company_domain: string | null;
  birth_year: number | null;
}

export interface CompanyRow {
  svc_id: string;
  name: string | null;
  domain: string | null;
  netx_id: string | null;
  netx_url: string | null;
  ticker: string | null;
}

/** A value the record does not know stays unknown in its column. */
function keyOf<T>(value: string | null, key: (v: string) => T): T | null {
  return value === null ? null : key(value);
}

/** Adds a key once; identical (kind, value) pairs keep the strongest `current`. */
class Keys<K extends string> {
  private readonly byKey = new Map<string, KeyRow<K>>();
  constructor(private readonly svcId: string) {}

  /**
   * `current: null` (the source does not say) counts as current: an identifier of unknown
   * currency is still the person's, and demoting it would rank it below a known-stale one.
   */
  add(kind: K, value: string | null | undefined, current: boolean | null = true): void {
    if (!value) return;
    current ??= true;
    const id = `${kind}\u0000${value}`;
    const existing = this.byKey.get(id);
    if (existing) existing.current ||= current;
    else this.byKey.set(id, { kind, value, svc_id: this.svcId, current });
  }

  rows(): KeyRow<K>[] {
    return [...this.byKey.values()];
  }
}

/** The person_records row and the identifier keys enrichment looks people up by. */
export function personRows(p: PersonRecord): { row: PersonRow; keys: KeyRow<PersonKeyKind>[] } {
  const keys = new Keys<PersonKeyKind>(p.svc_id);
  for (const e of p.emails) {
    const normalized = tryNormalizeEmail(e.address);
    if (!normalized.ok) continue;
    const email = normalized.email;
    const h = hashNormalizedEmail(email);
    keys.add('email', email, e.current);
    keys.add('email_sha256', h.sha256, e.current);
    keys.add('email_sha1', h.sha1, e.current);
    keys.add('email_md5', h.md5, e.current);
  }
  for (const ph of p.phones) keys.add('phone', ph.number, ph.current);
  keys.add('social_url', keyOf(p.netx_url, urlKey));
  for (const s of p.socials) keys.add('social_url', urlKey(s.url), s.current);
  keys.add('netx_id', p.netx_id);
  return {
    row: {
      svc_id: p.svc_id,
      full_name: foldKey(p.full_name),
      first_name: keyOf(p.first_name, foldKey),
      last_name: keyOf(p.last_name, foldKey),
      city: keyOf(p.city, cityKey),
      state_code: p.state_code?.toLowerCase() ?? null,
      country_code: p.country_code?.toLowerCase() ?? null,
      company_domain: p.company_domain,
      birth_year: p.birth_year,
    },
    keys: keys.rows(),
  };
}

function tickerKey(symbol: string): string {
  const t = normalizeTicker(symbol);
  return t.ok ? t.value.symbol : symbol.toUpperCase();
}

export function companyRows(c: CompanyRecord): { row: CompanyRow; keys: KeyRow<CompanyKeyKind>[] } {
  const keys = new Keys<CompanyKeyKind>(c.svc_id);
  if (c.name !== null) {
    keys.add('name_key', companyKey(c.name.cleaned));
    // Raw spellings ("Tessellate Cloud, Inc.", "TESSELLATE") are names clients send too.
    for (const raw of c.name.raw) keys.add('name_key', companyKey(raw));
  }
  if (c.domain !== null) keys.add('domain', domainKey(c.domain) ?? c.domain);
  for (const d of c.alt_domains) keys.add('domain', domainKey(d) ?? d, false);
  keys.add('netx_id', c.netx_id);
  keys.add('netx_url', keyOf(c.netx_url, urlKey));
  for (const s of c.socials) keys.add('social_url', urlKey(s.url));
  for (const t of c.tickers) keys.add('ticker', tickerKey(t.ticker_symbol));
  return {
    row: {
      svc_id: c.svc_id,
      name: c.name === null ? null : companyKey(c.name.cleaned),
      domain: c.domain,
      netx_id: c.netx_id,
      netx_url: keyOf(c.netx_url, urlKey),
      ticker: c.tickers[0] ? tickerKey(c.tickers[0].ticker_symbol) : null,
    },
    keys: keys.rows(),
  };
}
