import type { Entity } from '@app/contracts';
import {
  bindsToLast,
  bindToLast,
  listBefore,
  pinsLastCity,
  raise,
  raiseLast,
  ScannedItem,
  takeIndustryReading,
} from './binding';
import type { Filter, LeafFilter } from './filters';
import { groupItems, Grouped, Link } from './grouping';
import type { Interpretation, Recognised, Unsupported } from './interpretation';
import type { Category, Content, ContentSense, Cue } from './lexicon';
import { readCompanyText } from './company-text';
import { readNumeric } from './numeric';
import { cueMatches, Readings } from './readings';
import { readFilters } from './read-filters';
import { industryFilter, resolve, Resolved, ResolveContext } from './resolve';
import { ScanText } from './scan-text';
import {
  historySuffix,
  LISTING_SUFFIXES,
  placeSpelling,
  stateCodeAfterCity,
  tickerOrDomain,
} from './special-spellings';
import type { Token } from './tokenize';
import type { CompiledVocabulary } from './vocabulary';

/**
 * One pass over a description: at each token a numeric phrase, a company's own text, a special
 * spelling or the best reading of the lexicon's phrases (readings.ts), recorded as items that
 * later words may still bind or change (binding.ts), then grouped into the filter list.
 */
export class Scanner {
  private readonly text: ScanText;
  private readonly tokens: Token[];
  private readonly keys: string[];
  private readonly readings: Readings;
  private readonly items: ScannedItem[] = [];
  private readonly recognised: Recognised[] = [];
  private readonly unsupported: Unsupported[] = [];
  private readonly ignored: string[] = [];
  private cues = new Set<Cue>();
  private link: Link = 'none';
  private negation: string[] = [];
  /** The kind of the last item when it was negated: a list of that kind stays negated. */
  private negatedKind: string | null = null;
  private atLeast = false;
  private lastCategory: Category | null = null;

  constructor(
    source: string,
    private readonly entity: Entity,
    private readonly vocabulary: CompiledVocabulary,
    private readonly year: number | null,
  ) {
    this.text = new ScanText(source, vocabulary.lexicon);
    this.tokens = this.text.tokens;
    this.keys = this.text.keys;
    this.readings = new Readings(this.text, vocabulary.lexicon, entity);
  }

  run(): Interpretation {
    let i = 0;
    while (i < this.tokens.length) i = this.step(i);
    if (this.negation.length > 0) this.ignored.push(...this.negation);
    const filters = this.checked(groupItems(this.items));
    return { filters, recognised: this.recognised, unsupported: this.unsupported, ignored: this.ignored };
  }

  /** Reads from token `i`; returns where the next read starts (always further on). */
  private step(i: number): number {
    const t = this.tokens[i];
    if (t.norm === ',') {
      this.setLink(',');
      return i + 1;
    }
    const numeric = readNumeric(this.tokens, i, { entity: this.entity, year: this.year });
    if (numeric) {
      this.emit(i, numeric.end, 'filters' in numeric ? { filters: numeric.filters } : numeric, null);
      return numeric.end;
    }
    const named = readCompanyText(this.tokens, i);
    if (named) {
      this.emit(i, named.end, { filters: named.filters }, null);
      return named.end;
    }
    const last = this.items[this.items.length - 1];
    const state = stateCodeAfterCity(this.text, this.vocabulary.lexicon, last, i);
    if (state) {
      this.emitContent(i, i + 1, state);
      return i + 1;
    }
    const lexical = this.lexical(i);
    return lexical > i ? lexical : this.fallback(i);
  }

  private lexical(i: number): number {
    const matches = this.readings.matchesAt(i);
    const context = { cues: this.cues, link: this.link, lastCategory: this.lastCategory };
    const chosen = this.readings.choose(i, matches, context);
    if (!chosen) return i;
    const { len, sense } = chosen;
    if (this.cues.has('school') && sense.type === 'content' && sense.content.category !== 'school')
      return this.schoolRun(i);
    switch (sense.type) {
      case 'stop':
      case 'language-suffix':
        return i + len;
      case 'cue':
      case 'negation': {
        // "outside" is both: not, and a place follows.
        const senses = matches.find((m) => m.len === len)!.senses;
        const cues = senses.flatMap((s) => (s.type === 'cue' ? s.cues : []));
        if (cues.length > 0) this.cues = new Set(cues);
        if (senses.some((s) => s.type === 'negation')) this.negation.push(this.text.phrase(i, i + len));
        return i + len;
      }
      case 'connector':
        this.setLink(sense.connector);
        return i + len;
      case 'org-noun':
        takeIndustryReading(this.items, this.recognised, i);
        return i + len;
      case 'at-least':
        if (sense.position === 'before') this.atLeast = true;
        else raiseLast(this.items, this.recognised, i);
        return i + len;
      case 'content': {
        const end = this.historySuffix(i + len, sense.content.category);
        this.content(i, end, sense);
        const listing = sense.content.category === 'exchange' && LISTING_SUFFIXES.has(this.keys[end]);
        return listing ? end + 1 : end;
      }
    }
  }

  /** Past a history suffix at `j` ("google alumni"), which sets its cue; else `j`. */
  private historySuffix(j: number, category: Category): number {
    const suffix = historySuffix(this.keys, j, category);
    if (!suffix) return j;
    this.cues = new Set([suffix.cue]);
    listBefore(this.items, this.recognised, this.link, suffix.cue);
    return suffix.end;
  }

  private content(start: number, end: number, sense: ContentSense): void {
    const c = sense.content;
    const ctx = this.resolveContext(start, end);
    const resolved = resolve(c, ctx);
    const reading =
      c.category === 'function' && c.industries && this.entity === 'person'
        ? industryFilter(c.industries, ctx)
        : undefined;
    const industryReading = reading && 'filters' in reading ? reading.filters : undefined;
    const employerIndustry = reading && this.cues.has('employer');
    this.emit(
      start,
      end,
      employerIndustry ? reading : resolved,
      c.category,
      employerIndustry ? undefined : industryReading,
    );
  }

  private resolveContext(start: number, end: number): ResolveContext {
    return {
      entity: this.entity,
      cues: this.cues,
      year: this.year,
      vocabulary: this.vocabulary,
      read: this.keys.slice(start, end).join(' '),
    };
  }

  /** Words the lexicon does not know: tickers, domains, country and city spellings, schools. */
  private fallback(i: number): number {
    const t = this.tokens[i];
    const symbol = tickerOrDomain(t, this.cues, this.vocabulary);
    if (symbol) {
      this.emitContent(i, i + 1, symbol);
      return i + 1;
    }
    const place = placeSpelling(this.text, i, this.cues.has('place'));
    if (place) {
      this.emitContent(i, place.end, place.content);
      return place.end;
    }
    if (this.cues.has('school') && t.kind === 'word') return this.schoolRun(i);
    if (t.norm !== '') this.ignored.push(t.raw);
    if (this.negation.length > 0) {
      // A negation followed by a word we do not know negates nothing we can tell.
      this.ignored.push(...this.negation);
      this.negation = [];
    }
    return i + 1;
  }

  /** After "studied at", the words up to the next connector or cue are the school's name. */
  private schoolRun(i: number): number {
    let j = i;
    while (j < this.tokens.length && this.tokens[j].kind === 'word') {
      const senses = this.readings.matchesAt(j).flatMap((m) => m.senses);
      if (
        j > i &&
        senses.some(
          (s) =>
            s.type === 'connector' ||
            s.type === 'negation' ||
            (s.type === 'cue' && !s.cues.includes('school')),
        )
      )
        break;
      j++;
    }
    const end = Math.max(j, i + 1);
    this.emit(i, end, { unsupported: 'no search column holds schools' }, 'school');
    return end;
  }

  private emitContent(start: number, end: number, c: Content): void {
    this.emit(start, end, resolve(c, this.resolveContext(start, end)), c.category);
  }

  private emit(
    start: number,
    end: number,
    resolved: Resolved,
    category: Category | null,
    industryReading?: readonly LeafFilter[],
  ): void {
    const phrase = this.text.phrase(start, end);
    // A cue carries on only through a list of what it introduced ("in berlin or munich").
    if (!category || !cueMatches(this.cues, category) || !this.readings.listFollows(end))
      this.cues = new Set();
    if ('unsupported' in resolved) {
      this.unsupported.push({ phrase, reason: resolved.unsupported });
    } else {
      let filters = resolved.filters;
      if (this.atLeast) filters = raise(filters);
      if (bindsToLast(this.items, this.keys, start, filters, this.link, this.negation))
        return this.bind(end, filters);
      const kind = filters.length === 1 ? filters[0].kind : 'several';
      // "not in portland, oregon": the city's state or country stays with its negation.
      const pins = pinsLastCity(this.items, this.text, start, filters);
      const continues = (this.negatedKind === kind && this.link !== 'none') || pins;
      const negated = this.negation.length > 0 || continues;
      this.items.push({
        phrase,
        filters,
        negated,
        link: this.link,
        start,
        end,
        recognised: this.recognised.length,
        industryReading,
      });
      this.recognised.push({ phrase, read: this.keys.slice(start, end).join(' '), negated, filters });
      this.negatedKind = negated ? kind : null;
    }
    this.negation = [];
    this.atLeast = false;
    this.link = 'none';
    this.lastCategory = category;
  }

  /** The phrase ending at `end` and the last item are one role ("head of" + "engineering"). */
  private bind(end: number, filters: readonly LeafFilter[]): void {
    const last = bindToLast(this.items, this.recognised, this.text, end, filters);
    this.negatedKind = last.negated ? 'several' : null;
    this.negation = [];
    this.atLeast = false;
    this.link = 'none';
    this.lastCategory = 'function';
  }

  private setLink(link: Link): void {
    // ", or" and ", and" say more than the comma.
    if (this.link === 'none' || this.link === ',') this.link = link;
  }

  /**
   * The final list within the limits `readFilters` sets: a filter that would break one (too
   * many conditions, values or alternatives for one query) is left out and its phrases
   * reported, never sent; so is one that fails the check otherwise (never expected).
   */
  private checked(grouped: readonly Grouped[]): Filter[] {
    const out: Filter[] = [];
    for (const { filter, phrases } of grouped) {
      const read = readFilters([...out, filter], this.entity);
      if (read.ok) out.push(filter);
      else {
        const reason = read.problems.some((p) => /at most|too complex/.test(p))
          ? 'too many conditions for one query'
          : `not a valid filter: ${read.problems.join('; ')}`;
        for (const phrase of phrases) this.unsupported.push({ phrase, reason });
      }
    }
    return out;
  }
}
