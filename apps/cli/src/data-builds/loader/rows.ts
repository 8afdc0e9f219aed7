import { CompanyRecord, PersonRecord } from '@app/contracts';
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
import type { CompanyMatchKeyKind, PersonMatchKeyKind } from '@app/store';

export interface KeyRow<K extends string> {
  kind: K;
  value: string;
  svc_id: string;
  current: boolean;
}

/** Extracted columns; the record itself travels as its original JSON text (see pg-writer). */
export interface PersonRow {
  svc_id: string;
  full_name: string;
  first_name: string;
  last_name: string;
  city: string;
  state_code: string;
  country_code: string;
  company_domain: string;
  birth_year: number | null;
}

export interface CompanyRow {
  svc_id: string;
  name: string;
  domain: string;
  netx_id: string;
  netx_url: string;
  ticker: string | null;
}

/** Adds a key once; identical (kind, value) pairs keep the strongest `current`. */
class Keys<K extends string> {
  private readonly byKey = new Map<string, KeyRow<K>>();
  constructor(private readonly svcId: string) {}

  add(kind: K, value: string | null | undefined, current = true): void {
    if (!value) return;
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
export function personRows(p: PersonRecord): { row: PersonRow; keys: KeyRow<PersonMatchKeyKind>[] } {
  const keys = new Keys<PersonMatchKeyKind>(p.svc_id);
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
  keys.add('social_url', urlKey(p.netx_url));
  for (const s of p.socials) keys.add('social_url', urlKey(s.url), s.current);
  keys.add('netx_id', p.netx_id);
  return {
    row: {
      svc_id: p.svc_id,
      full_name: foldKey(p.full_name),
      first_name: foldKey(p.first_name),
      last_name: foldKey(p.last_name),
      city: cityKey(p.city),
      state_code: p.state_code.toLowerCase(),
      country_code: p.country_code.toLowerCase(),
      company_domain: p.company_domain,
      birth_year: p.birth_year ?? null,
    },
    keys: keys.rows(),
  };
}

function tickerKey(symbol: string): string {
  const t = normalizeTicker(symbol);
  return t.ok ? t.value.symbol : symbol.toUpperCase();
}

export function companyRows(c: CompanyRecord): { row: CompanyRow; keys: KeyRow<CompanyMatchKeyKind>[] } {
  const keys = new Keys<CompanyMatchKeyKind>(c.svc_id);
  keys.add('name_key', companyKey(c.name.cleaned));
  // Raw spellings ("Tessellate Cloud, Inc.", "TESSELLATE") are names clients send too.
  for (const raw of c.name.raw) keys.add('name_key', companyKey(raw));
  keys.add('domain', domainKey(c.domain) ?? c.domain);
  for (const d of c.alt_domains) keys.add('domain', domainKey(d) ?? d, false);
  keys.add('netx_id', c.netx_id);
  keys.add('netx_url', urlKey(c.netx_url));
  for (const s of c.socials) keys.add('social_url', urlKey(s.url));
  for (const t of c.tickers) keys.add('ticker', tickerKey(t.ticker_symbol));
  return {
    row: {
      svc_id: c.svc_id,
      name: companyKey(c.name.cleaned),
      domain: c.domain,
      netx_id: c.netx_id,
      netx_url: urlKey(c.netx_url),
      ticker: c.tickers[0] ? tickerKey(c.tickers[0].ticker_symbol) : null,
    },
    keys: keys.rows(),
  };
}
