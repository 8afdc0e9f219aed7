/**
 * Given names and the short forms people go by. The list is the published, hand-curated
 * carltonnorthern/nicknames (Apache-2.0; `data/names.csv`, vendored unchanged, with its licence
 * and provenance in `data/README.md`), compiled into `data/nicknames.generated.ts` by
 * `scripts/vendor-nicknames.js`, plus the short SUPPLEMENT below. Names are folded keys
 * (lowercase, no accents), as the matcher compares them.
 *
 * Which names match. The list is rows "name has nickname": robert → bob, robert → bobby, albert
 * → bert. Two names are nicknames of each other when
 *   1. one lists the other (robert ~ bob, either way round), or
 *   2. both are listed under one name X (bob ~ bobby ~ rob under robert, jim ~ jimmy under james,
 *      chuck ~ charlie under charles; with the supplement, bob ~ bert under robert), except
 *      a. when one of them lists X back and is longer than X: X is its short form, not a fellow
 *         nickname. The list also runs from short forms to the names they may stand for (bill →
 *         robert, william, fred, willie), so otherwise robert ~ william ~ fred through bill;
 *      b. when both list X back: both are short forms in their own right, and two different
 *         short forms are weak evidence (bob → robert, bill → robert and william: bob !~ bill).
 * Nothing further: names sharing a nickname do not match (albert and robert share "bert",
 * christopher and christina "chris"), and chains do not extend (bob ~ bert, bert ~ al under
 * albert, but bob !~ al). The list is too connected for chains: al, bert, chris, fred and lena
 * are each listed under 10 or more names.
 *
 * The matching benchmark compared this with the alternatives (bench/matching/RESULTS.md,
 * "Nickname table from the published list"): every pair under a shared name, as the
 * hand-written table's groups did, gave the same figures or slightly worse (and robert ~
 * william); of the hand-written table's nickname queries, only pairs under a name that neither
 * of them lists back (losing beth ~ liz, mike ~ mickey) answered three fewer, and listed pairs
 * only (losing jim ~ jimmy, kate ~ katie) eleven fewer.
 *
 * Upstream's genealogical origin shows in some pairs (robert → bill, susan → hannah, catherine →
 * lena); they are kept as published. To change the list, change it upstream or in the supplement,
 * never in the vendored CSV.
 */
import { PUBLISHED_NICKNAMES } from './data/nicknames.generated';

/**
 * Pairs the published list lacks, kept from the hand-written table this list replaced (same
 * line format: a name, then its nicknames): common English short forms missing upstream
 * (robbie, kate for catherine, freddie, liam, …) and diminutives within Spanish, German,
 * Italian and Slavic names, which upstream, an English list, does not cover. Translations are
 * not nicknames (joseph/jose, john/giovanni are different given names) and were dropped, as
 * was "mich" for michelle (not in use). A pair that upstream adds can be removed from here.
 */
const SUPPLEMENT = `
abraham,bram
alexander,sasha,xander
alexandra,alexa,sasha,lexi
albert,bertie
alfred,alf,alfie,freddie
arthur,artie
barbara,barb
benjamin,benji
brian,bri
catherine,kate,katie,cat
isabella,izzy,isabel
katherine,katie,kat
kathleen,kate,katie
christopher,topher
david,davy
eleanor,nell
kimberly,kimmy
margaret,greta
robert,robbie,bert
stephen,stevie
susan,suzy
suzanne,suzy
william,liam
alejandro,alex,ale
antonio,toni,tono
eduardo,lalo,eddie
enrique,kike,quique
fernando,nando,fer
francisco,paco,pancho,cisco,frank
guillermo,memo,willy
ignacio,nacho
jesus,chuy
jose,pepe,chepe
manuel,manolo,manny
rafael,rafa
roberto,beto,rober
maria,mari
guadalupe,lupe
johannes,hans,johann
friedrich,fritz,fred
wolfgang,wolf
giuseppe,beppe,pino,joe
giovanni,gianni
aleksandr,sasha,sanya
ekaterina,katya
dmitri,dima
`;

/** Name → its listed nicknames. */
const NICKNAMES = new Map<string, Set<string>>();
function add(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

for (const text of [PUBLISHED_NICKNAMES, SUPPLEMENT]) {
  for (const line of text.trim().split('\n')) {
    const [name, ...nicknames] = line.split(',');
    for (const nickname of nicknames) {
      if (nickname === name) continue;
      add(NICKNAMES, name, nickname);
    }
  }
}

const lists = (name: string, nickname: string): boolean => NICKNAMES.get(name)?.has(nickname) ?? false;

/** Name → every name it matches (see the header). */
const RELATED = new Map<string, Set<string>>();
for (const [name, nicknames] of NICKNAMES) {
  for (const nickname of nicknames) {
    add(RELATED, name, nickname);
    add(RELATED, nickname, name);
  }
  // A longer name listing `name` back is a name `name` is short for (bill → robert → bill).
  const short = [...nicknames].filter((n) => !(n.length > name.length && lists(n, name)));
  for (const a of short) {
    for (const b of short) {
      // Both listing `name` back: two short forms of their own (bob and bill under robert).
      if (a !== b && !(lists(a, name) && lists(b, name))) add(RELATED, a, b);
    }
  }
}

/** Names with nicknames (published and supplement): the "groups", one per name. */
export const NICKNAME_GROUP_COUNT = NICKNAMES.size;

/**
 * True when one name lists the other, or both are nicknames of one name (see the header for
 * which); false for a name and itself.
 */
export function areNicknames(a: string, b: string): boolean {
  return a !== b && (RELATED.get(a)?.has(b) ?? false);
}

const VARIANTS = new Map<string, readonly string[]>();

/** Every name that areNicknames with `name`, sorted; empty for unknown names. */
export function nicknameVariants(name: string): readonly string[] {
  let variants = VARIANTS.get(name);
  if (!variants) {
    const related = RELATED.get(name);
    if (!related) return [];
    VARIANTS.set(name, (variants = [...related].sort()));
  }
  return variants;
}
