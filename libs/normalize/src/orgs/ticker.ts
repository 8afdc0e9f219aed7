/**
 * Ticker symbols: uppercase, whitespace removed (SPEC.md), plus the decorations people paste
 * around a symbol: a cashtag `$`, an exchange prefix (`NASDAQ:AAPL`) or suffix in brackets.
 * Share classes keep their separator (`BRK.B`, `BF-B`); numeric symbols (`7203`) are valid.
 */
import { Cleaned, fail, ok } from '../result';

const SYMBOL = /^[A-Z0-9]{1,10}(?:[.\-/][A-Z0-9]{1,4})?$/;

export interface Ticker {
  symbol: string;
  /** The exchange when the input named one (`NYSE:IBM`), else null. */
  exchange: string | null;
}

export function normalizeTicker(input: string): Cleaned<Ticker> {
  let s = input.replace(/[\s\u00a0\u3000]+/g, '').toUpperCase();
  if (s === '') return fail('empty');
  let exchange: string | null = null;
  const prefixed = /^([A-Z]{2,10}):(.+)$/.exec(s);
  if (prefixed) {
    exchange = prefixed[1];
    s = prefixed[2];
  } else {
    const suffixed = /^(.+)\(([A-Z]{2,10})\)$/.exec(s);
    if (suffixed) {
      s = suffixed[1];
      exchange = suffixed[2];
    }
  }
  s = s.replace(/^\$/, '');
  if (s === '') return fail('empty');
  if (!SYMBOL.test(s)) return fail('invalid_ticker');
  return ok({ symbol: s, exchange });
}
