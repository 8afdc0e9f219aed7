import { ENTITIES } from '@app/contracts';
import { Rng, seedWords } from '@app/random';
import { CURATED } from './curated';
import { interpret } from './interpret';
import { Lexicon, singulars } from './lexicon';
import { StoredPhrases, storedKey } from './stored-phrases';
import { fuzzCase } from './testing/fuzz-descriptions';
import { TEST_VOCABULARY, TODAY } from './testing/vocabulary';
import { toSql } from './to-sql';
import {
  CompiledVocabulary,
  compileVocabulary,
  PHRASE_LISTS,
  Vocabulary,
  VocabularyList,
  VocabularyBuilder,
} from './vocabulary';

const title = (value: string) =>
  ({ type: 'content', content: { category: 'title', terms: [value] }, origin: 'vocabulary' }) as const;

describe('StoredPhrases: stored values under their phrase keys, senses made on lookup', () => {
  const phrases = new StoredPhrases();
  phrases.declare('titles', { sense: title, plural: true, typos: true });
  phrases.declare('names', { sense: title, alias: (v) => (v.endsWith(' llc') ? v.slice(0, -4) : undefined) });
  for (const v of ['data engineer', 'data-engineer', 'sales', 'sale', 'party']) phrases.add('titles', v);
  phrases.add('names', 'acme llc');

  it('finds a value under its key and under the plural of its last word', () => {
    expect(phrases.get('party')).toEqual([title('party')]);
    expect(phrases.get('parties')).toEqual([title('party')]);
    expect(phrases.get('partys')).toBeUndefined();
  });

  it('offers every value sharing a key, in the order they were added', () => {
    expect(phrases.get('data engineer')).toEqual([title('data engineer'), title('data-engineer')]);
    expect(phrases.get('data engineers')).toEqual([title('data engineer'), title('data-engineer')]);
    expect(phrases.get('sales')).toEqual([title('sales'), title('sale')]);
  });

  it('finds a value under its alias, and knows the words of every key', () => {
    expect(phrases.get('acme')).toEqual([title('acme llc')]);
    expect(phrases.values('names', 'acme')).toEqual(['acme llc']);
    expect(phrases.knows('parties')).toBe(true);
    expect(phrases.knows('acme')).toBe(true);
    expect(phrases.knows('engineers')).toBe(true);
    expect(phrases.knows('partie')).toBe(false);
  });

  it('corrects towards the words of typo lists only', () => {
    expect(phrases.correct('engineeer')).toBe('engineer');
    expect(phrases.correct('acmee')).toBeUndefined();
  });

  it('keys plain lowercase values as they are, others as the tokenizer does', () => {
    expect(storedKey('growth hacker')).toBe('growth hacker');
    expect(storedKey('harper & cole, llp')).toBe('harper and cole , llp');
  });
});

describe('singulars', () => {
  it.each<[string, string[]]>([
    ['data engineers', ['data engineer']],
    ['salespeople', ['salesperson']],
    ['analysts', ['analyst']],
    ['boxes', ['boxe', 'box']],
    ['agencies', ['agencie', 'agency']],
    ['staff', []],
    ['engineer', []],
    // The noun before "of" carries the plural; the last word's plural is still tried.
    ['directors of research', ['director of research']],
    ['chiefs of operations', ['chief of operations', 'chiefs of operation']],
  ])('%s → %j', (key, expected) => {
    expect(singulars(key)).toEqual(expected);
  });
});

describe('VocabularyBuilder', () => {
  const v: Vocabulary = {
    jobTitles: ['growth hacker', 'solutions architect', 'data steward'],
    cities: ['reading', 'san josé', 'berlin'],
    companyNames: ['harper & cole llp', 'tessellate', 'ibm'],
    companyDomains: ['harpercole.com'],
    skills: ['kubernetes', 'go'],
    tickers: ['NWND'],
  };
  const descriptions = [
    'growth hackers at harper and cole',
    'data stewards in reading',
    'solutions architects in san jose who know kubernetes',
    'people at harpercole.com',
    'go engineers at ibm',
  ];
  const read = (vocabulary: Parameters<typeof compileVocabulary>[0]) =>
    descriptions.map((d) => {
      const r = interpret(d, 'person', { vocabulary, today: '2026-11-27' });
      return r.filters.length > 0 ? toSql(r.filters, 'person') : '';
    });

  it('compiles a vocabulary handed over in parts as it compiles the whole', () => {
    const builder = new VocabularyBuilder();
    for (const list of Object.keys(v) as VocabularyList[]) {
      const values = [...(v[list] ?? [])];
      builder.add(list, values.slice(0, 1));
      builder.add(list, values.slice(1));
    }
    const parts = read(builder.finish());
    expect(parts).toEqual(read(compileVocabulary(v)));
    expect(parts[0]).toContain("company_name = 'harper & cole llp'");
    expect(parts[1]).toContain("city = 'reading'");
  });
});

/**
 * The compact structure must answer as a Lexicon holding one sense per stored phrase (what
 * compiled vocabularies were before 1M-people builds) answers, for any description.
 */
describe('a compiled vocabulary reads descriptions as an eager lexicon of the same values', () => {
  function eager(v: Vocabulary): CompiledVocabulary {
    const lexicon = new Lexicon(CURATED);
    for (const [list, spec] of PHRASE_LISTS)
      for (const raw of [...(v[list] ?? [])].flatMap((r) => {
        const implied = spec.implies?.(r.trim().toLowerCase());
        return implied ? [implied, r] : [r];
      })) {
        const value = raw.trim().toLowerCase();
        const key = storedKey(value);
        if (key === '' || (spec.keep && !spec.keep(value, key.split(' ')))) continue;
        const typos = spec.typos ?? false;
        lexicon.add(key, spec.sense(value), { plural: spec.plural, typos });
        const alias = spec.alias?.(value);
        if (alias && alias !== key) lexicon.add(alias, spec.sense(value), { typos });
      }
    return { ...compileVocabulary(v), lexicon };
  }

  it.each(ENTITIES)('on fuzzed descriptions and on every stored value in a phrase (%s)', (entity) => {
    const compact = compileVocabulary(TEST_VOCABULARY);
    const reference = eager(TEST_VOCABULARY);
    const texts: string[] = [];
    for (let i = 0; i < 500; i++) texts.push(fuzzCase(new Rng(seedWords(23), 1, i)).text);
    for (const list of Object.values(TEST_VOCABULARY) as string[][])
      for (const v of list) texts.push(`${v}s in ${v}`, `people at ${v}`, `senior ${v} engineers`);
    const differ = texts.filter(
      (text) =>
        JSON.stringify(interpret(text, entity, { vocabulary: compact, today: TODAY })) !==
        JSON.stringify(interpret(text, entity, { vocabulary: reference, today: TODAY })),
    );
    expect(differ).toEqual([]);
    expect(texts.length).toBeGreaterThan(800);
  });
});
