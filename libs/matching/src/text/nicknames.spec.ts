import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldKey } from '@app/normalize';
import { PUBLISHED_NAME_COUNT, PUBLISHED_NICKNAMES } from './data/nicknames.generated';
import { areNicknames, NICKNAME_GROUP_COUNT, nicknameVariants } from './nicknames';

const ROOT = join(__dirname, '..', '..', '..', '..');
const DATA = join(__dirname, 'data');

describe('nicknames', () => {
  it.each([
    // In the hand-written table this list replaced, and still matched.
    ['bob', 'robert', true],
    ['robert', 'bob', true],
    ['liz', 'elizabeth', true],
    ['bill', 'william', true],
    ['peggy', 'margaret', true],
    ['bert', 'albert', true],
    // Two nicknames of one name.
    ['bill', 'will', true],
    ['bob', 'bobby', true],
    ['jim', 'jimmy', true],
    // Common diminutives the old table missed (it had no charles, sarah or mary at all).
    ['charlie', 'charles', true],
    ['chuck', 'charles', true],
    ['chuck', 'charlie', true],
    ['sally', 'sarah', true],
    ['sadie', 'sarah', true],
    ['molly', 'mary', true],
    ['polly', 'mary', true],
    ['patsy', 'patricia', true],
    ['patti', 'patricia', true],
    ['richie', 'richard', true],
    ['annie', 'anna', true],
    ['bessie', 'elizabeth', true],
    ['donny', 'donald', true],
    ['eddy', 'edward', true],
    ['jimmie', 'james', true],
    ['jonny', 'john', true],
    // Upstream's "k.c.", folded as the matcher folds names.
    ['k c', 'casey', true],
    // The supplement: common short forms upstream lacks, and non-English diminutives.
    ['robbie', 'robert', true],
    ['bert', 'robert', true],
    ['bob', 'bert', true],
    ['kate', 'catherine', true],
    ['liam', 'william', true],
    ['nell', 'eleanor', true],
    ['sasha', 'alexander', true],
    ['pepe', 'jose', true],
    ['paco', 'francisco', true],
    ['fritz', 'friedrich', true],
    ['katya', 'ekaterina', true],
    // Negatives.
    ['robert', 'robert', false],
    // Both list "bill" and "bill" lists both: a shared nickname, two names.
    ['robert', 'william', false],
    ['harold', 'henry', false],
    // Listed under a short form of theirs (bill → robert, fred): not nicknames of each other.
    ['robert', 'fred', false],
    ['robert', 'willie', false],
    // Two short forms that each list robert: names of their own.
    ['bob', 'bill', false],
    ['bob', 'liz', false],
    ['zyx', 'robert', false],
    ['', 'robert', false],
    // Names sharing a nickname are not nicknames of each other ("bert", "chris", "alex").
    ['albert', 'robert', false],
    ['christopher', 'christina', false],
    ['alexander', 'alexandra', false],
    // No chains: bob ~ bert (robert), bert ~ al (albert), but not bob ~ al.
    ['bob', 'al', false],
    // Translations are other given names, not nicknames.
    ['jose', 'joseph', false],
    ['giovanni', 'john', false],
    // Unrelated common names.
    ['james', 'john', false],
    ['michael', 'mitchell', false],
  ])('%s ~ %s is %s', (a, b, expected) => {
    expect(areNicknames(a, b)).toBe(expected);
    expect(areNicknames(b, a)).toBe(expected);
  });

  it('lists the variants of a name', () => {
    expect(nicknameVariants('robert')).toEqual(
      expect.arrayContaining(['bob', 'bobby', 'rob', 'robbie', 'robby', 'bert']),
    );
    expect(nicknameVariants('robert')).not.toContain('albert');
    expect(nicknameVariants('bob')).toEqual(expect.arrayContaining(['robert', 'bobby', 'rob']));
    expect(nicknameVariants('unknownname')).toEqual([]);
    const variants = nicknameVariants('charles');
    expect(variants).toEqual([...variants].sort());
  });

  it('is symmetric, and the variants are exactly the names that match', () => {
    const names = new Set(PUBLISHED_NICKNAMES.trim().replace(/\n/g, ',').split(','));
    for (const name of names) {
      for (const other of nicknameVariants(name)) {
        expect([name, other, areNicknames(name, other)]).toEqual([name, other, true]);
        expect(nicknameVariants(other)).toContain(name);
      }
    }
  });

  it('matches every pair of the published list', () => {
    const csv = readFileSync(join(DATA, 'names.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
    expect(csv.length).toBeGreaterThan(2500);
    for (const row of csv) {
      const [name, , nickname] = row.split(',').map(foldKey);
      if (name !== nickname)
        expect([name, nickname, areNicknames(name, nickname)]).toEqual([name, nickname, true]);
    }
    expect(NICKNAME_GROUP_COUNT).toBeGreaterThanOrEqual(PUBLISHED_NAME_COUNT);
    expect(PUBLISHED_NAME_COUNT).toBeGreaterThan(1000);
  });

  it('holds folded keys only', () => {
    for (const line of PUBLISHED_NICKNAMES.trim().split('\n')) {
      for (const name of line.split(',')) expect(foldKey(name)).toBe(name);
    }
  });

  it('is generated from the vendored CSV (run node scripts/vendor-nicknames.js after changing it)', () => {
    const expected = execFileSync(
      process.execPath,
      [join(ROOT, 'scripts', 'vendor-nicknames.js'), '--stdout'],
      {
        encoding: 'utf8',
      },
    );
    expect(readFileSync(join(DATA, 'nicknames.generated.ts'), 'utf8')).toBe(expected);
  });
});
