import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PersonRecord } from '@app/contracts';
import { hashEmail } from '@app/normalize';
import { candidate, uuid } from '../testing/candidates';
import { pairValue } from './candidate';
import { MemoryPersonSource } from '../testing/memory-source';
import type { PersonMatchInput } from './fields';
import { matchPerson } from './matcher';
import { normalizePersonQuery } from './query';

const SANDBOX = join(__dirname, '../../../../data/sandbox/people.jsonl');
const people = readFileSync(SANDBOX, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as PersonRecord);
const [bram, felix, ada, mira, odessa] = people;
const sandbox = new MemoryPersonSource(people);

const match = (input: PersonMatchInput, source = sandbox) => matchPerson(normalizePersonQuery(input), source);

describe('matchPerson on the sandbox people', () => {
  const h = hashEmail('bramokonkwovale@gmail.com');
  it.each<[string, PersonMatchInput, PersonRecord, string[]]>([
    ['email with Gmail dots and a tag', { email: 'Bram.Okonkwo.Vale+jobs@gmail.com' }, bram, ['email']],
    ['a past work email', { email: 'bram.vale@brightkiln.example' }, bram, ['email']],
    ['sha256', { email_hash: h.sha256 }, bram, ['email_hash']],
    ['sha1', { email_hash: h.sha1 }, bram, ['email_hash']],
    ['md5', { email_hash: h.md5 }, bram, ['email_hash']],
    ['phone in national format', { phone: '(415) 555-0173' }, felix, ['phone']],
    ['a UK number with its country', { phone: '020 7946 0123', country: 'GB' }, mira, ['phone', 'country']],
    ['netx profile URL', { social_url: 'www.netx.example.com/in/ada-quill/' }, ada, ['social_url']],
    ['twitter via x.com', { social_url: 'https://x.com/DrBrightwater' }, odessa, ['social_url']],
    ['facebook', { social_url: 'https://m.facebook.com/felix.tamarind.3' }, felix, ['social_url']],
    ['netx id', { netx_id: '64478012' }, mira, ['netx_id']],
    ['svc id', { svc_id: odessa.svc_id.toUpperCase() }, odessa, ['svc_id']],
  ])('%s is an exact, high match', async (_name, input, expected, matchedOn) => {
    const [top, ...rest] = await match(input);
    expect(top).toMatchObject({
      svc_id: expected.svc_id,
      match_type: 'exact',
      confidence: 'high',
      matched_on: matchedOn,
    });
    expect(rest).toEqual([]);
  });

  it.each<[string, PersonMatchInput, PersonRecord, string[]]>([
    [
      'full name and city',
      { full_name: 'Bram Okonkwo-Vale', city: 'San Francisco' },
      bram,
      ['full_name', 'city'],
    ],
    [
      '"Last, First" and employer website',
      { full_name: 'Quill, Ada', company: 'pebblepath.example' },
      ada,
      ['full_name', 'company'],
    ],
    [
      'first and last name and a school',
      { first_name: 'Mira', last_name: 'Solvang-Ibe', school: 'Fennmoor College' },
      mira,
      ['first_name', 'last_name', 'school'],
    ],
    [
      'a name and a birth year',
      { first_name: 'Felix', last_name: 'Tamarind', birth_date: '1999' },
      felix,
      ['first_name', 'last_name', 'birth_date'],
    ],
    [
      'a name and an address',
      { full_name: 'odessa brightwater', address: '77 Harbor Way, Boston, MA 02118' },
      odessa,
      ['full_name', 'address'],
    ],
    [
      'a misspelled last name, found through the first name and city',
      { first_name: 'Odessa', last_name: 'Brightwatr', city: 'Boston' },
      odessa,
      ['first_name', 'last_name', 'city'],
    ],
    [
      'a name and a job title',
      { full_name: 'Ada Quill', job_title: 'Senior Product Manager' },
      ada,
      ['full_name', 'job_title'],
    ],
  ])('%s matches by name and context', async (_name, input, expected, matchedOn) => {
    const [top] = await match(input);
    expect(top).toMatchObject({
      svc_id: expected.svc_id,
      match_type: 'probabilistic',
      matched_on: matchedOn,
    });
  });

  it('decides conflicting identifiers by score: the email outweighs the phone, and both lose confidence', async () => {
    const ranked = await match({ email: 'bramokonkwovale@gmail.com', phone: '+14155550173' });
    expect(ranked[0]).toMatchObject({ svc_id: bram.svc_id, matched_on: ['email'], match_type: 'exact' });
    expect(ranked[0].confidence).not.toBe('high');
    expect(ranked.map((r) => r.svc_id)).not.toContain(felix.svc_id);
  });

  it('lets a name settle an identifier conflict', async () => {
    const ranked = await match({
      email: 'bramokonkwovale@gmail.com',
      phone: '+14155550173',
      full_name: 'Felix Tamarind',
    });
    expect(ranked[0]).toMatchObject({ svc_id: felix.svc_id, matched_on: ['phone', 'full_name'] });
  });

  it('finds nobody for a name that is not there', async () => {
    expect(await match({ full_name: 'John Smith', city: 'Boston' })).toEqual([]);
    expect(await match({ email: 'nobody@example.com' })).toEqual([]);
  });

  it('counts a past employer and a past city, for less than current ones', async () => {
    const [current] = await match({ full_name: 'Ada Quill', company: 'PebblePath' });
    const [past] = await match({ full_name: 'Ada Quill', company: 'Tessellate Cloud' });
    const [pastCity] = await match({ full_name: 'Ada Quill', city: 'San Francisco' });
    expect(past.svc_id).toBe(ada.svc_id);
    expect(pastCity.svc_id).toBe(ada.svc_id);
    expect(past.weight).toBeLessThan(current.weight);
    expect(pastCity.matched_on).toContain('city');
  });
});

describe('matchPerson: scoring rules', () => {
  const a = uuid(1);
  const b = uuid(2);

  it('matches nicknames and accents', async () => {
    const source = new MemoryPersonSource([
      candidate({ id: a, first: 'robert', last: 'garcia lopez', city: 'austin' }),
      candidate({ id: b, first: 'elizabeth', last: 'muller', city: 'austin' }),
    ]);
    const [bob] = await match({ first_name: 'Bob', last_name: 'García López', city: 'Austin' }, source);
    expect(bob.svc_id).toBe(a);
    expect(bob.outcomes.find((o) => o.comparison === 'first_name')?.level).toBe('nickname');
    const [liz] = await match({ full_name: 'Liz Müller', city: 'austin' }, source);
    expect(liz.svc_id).toBe(b);
  });

  it('weighs a rare name more than a common one (term frequency)', async () => {
    const source = new MemoryPersonSource(
      [
        candidate({ id: a, first: 'james', last: 'smith' }),
        candidate({ id: b, first: 'ottoline', last: 'quarrington' }),
      ],
      {
        population: 100_000,
        counts: {
          last_name: { smith: 1_000, quarrington: 1 },
          first_name: { james: 3_000, ottoline: 1 },
          city: { austin: 500 },
          // Thirty James Smiths: the full name is commoner than its parts' shares multiplied.
          first_last: { [pairValue('james', 'smith')]: 30 },
        },
      },
    );
    const [common] = await match({ full_name: 'James Smith', city: 'Austin' }, source);
    const [rare] = await match({ full_name: 'Ottoline Quarrington', city: 'Austin' }, source);
    expect(rare.weight - common.weight).toBeGreaterThan(4.5);
    expect(rare.confidence).toBe('high');
    // One James Smith in Austin among 100,000 people may well be another one: not confidently this one.
    expect(common.confidence).not.toBe('high');
  });

  it('splits the probability between two equally good candidates', async () => {
    const source = new MemoryPersonSource([
      candidate({ id: a, first: 'dana', last: 'whitfield', city: 'austin' }),
      candidate({ id: b, first: 'dana', last: 'whitfield', city: 'austin' }),
    ]);
    const ranked = await match({ full_name: 'Dana Whitfield', city: 'Austin' }, source);
    expect(ranked).toHaveLength(2);
    expect(ranked[0].probability).toBeCloseTo(ranked[1].probability, 9);
    expect(ranked[0].probability).toBeLessThan(0.5);
    expect(ranked.map((r) => r.svc_id)).toEqual([a, b]);
  });

  it('broadens blocking for a misspelled name, not for namesakes the names already found', async () => {
    const namesakes = new MemoryPersonSource([
      candidate({ id: a, first: 'dana', last: 'whitfield', city: 'austin' }),
      candidate({ id: b, first: 'dana', last: 'whitfield', city: 'austin' }),
    ]);
    const ranked = await match({ full_name: 'Dana Whitfield', city: 'Austin' }, namesakes);
    expect(ranked[0].confidence).not.toBe('high');
    expect(namesakes.calls.filter((c) => c === 'findByBlocks')).toHaveLength(1);
    // Parts of surnames are asked in that one pass ("whitfield" of "whitfield jones").
    expect(namesakes.plans[0].surnameParts?.words).toEqual(['whitfield']);

    // So many namesakes that none reaches the low band: still no second pass.
    const crowd = new MemoryPersonSource(
      Array.from({ length: 8 }, (_, i) =>
        candidate({ id: uuid(10 + i), first: 'dana', last: 'whitfield', city: 'austin' }),
      ),
    );
    expect(await match({ full_name: 'Dana Whitfield', city: 'Austin' }, crowd)).toEqual([]);
    expect(crowd.calls.filter((c) => c === 'findByBlocks')).toHaveLength(1);

    const typo = new MemoryPersonSource([
      candidate({ id: a, first: 'dana', last: 'whitfield', city: 'austin' }),
    ]);
    const [found] = await match({ full_name: 'Dnaa Whitfield', city: 'Austin' }, typo);
    expect(found.svc_id).toBe(a);
    expect(typo.calls.filter((c) => c === 'findByBlocks')).toHaveLength(2);
  });

  it('separates namesakes by context and birth date precision', async () => {
    const source = new MemoryPersonSource([
      candidate({ id: a, first: 'dana', last: 'whitfield', birth: '1988-04-17', company: 'acme' }),
      candidate({ id: b, first: 'dana', last: 'whitfield', birth: '1990-09-02', company: 'globex' }),
    ]);
    for (const birth_date of ['1988-04-17', '1988-04', '1988']) {
      const [top] = await match({ full_name: 'Dana Whitfield', birth_date }, source);
      expect(top).toMatchObject({ svc_id: a, matched_on: ['full_name', 'birth_date'] });
    }
    const [byCompany] = await match({ full_name: 'Dana Whitfield', company: 'Globex' }, source);
    expect(byCompany.svc_id).toBe(b);
  });

  it('weighs a common past city or employer by its frequency too: it never outweighs the current one', async () => {
    const source = new MemoryPersonSource(
      [
        candidate({
          id: a,
          first: 'juan',
          last: 'rivera',
          city: 'fresno',
          company: 'sky solar',
          domain: 'skysolar.example',
        }),
        candidate({
          id: b,
          first: 'juan',
          last: 'rivera',
          city: 'mesa',
          pastCity: 'fresno',
          company: 'other works',
          pastCompany: 'sky solar',
          pastDomain: 'skysolar.example',
        }),
      ],
      {
        population: 100_000,
        counts: {
          city: { fresno: 2_230 },
          company_domain: { 'skysolar.example': 3_069 },
          last_name: { rivera: 229 },
          last_city: { [pairValue('rivera', 'fresno')]: 11 },
          last_company: { [pairValue('rivera', 'skysolar.example')]: 14 },
        },
      },
    );
    const ranked = await match(
      { first_name: 'Juan', last_name: 'Rivera', city: 'Fresno', company: 'Sky Solar' },
      source,
    );
    expect(ranked[0]).toMatchObject({
      svc_id: a,
      matched_on: ['first_name', 'last_name', 'city', 'company'],
    });
    expect(ranked[0].probability).toBeGreaterThan(0.5);
  });

  it('counts a stale identifier as a match, with less weight', async () => {
    const source = new MemoryPersonSource([
      candidate({
        id: a,
        first: 'dana',
        last: 'whitfield',
        keys: [
          { kind: 'email', value: 'dana@new.example', current: true },
          { kind: 'email', value: 'dana@old.example', current: false },
        ],
      }),
    ]);
    const [now] = await match({ email: 'dana@new.example' }, source);
    const [then] = await match({ email: 'dana@old.example' }, source);
    expect(then).toMatchObject({ svc_id: a, match_type: 'exact', confidence: 'high' });
    expect(then.weight).toBeLessThan(now.weight);
  });

  it('lowers an identifier match whose name disagrees', async () => {
    const source = new MemoryPersonSource([
      candidate({
        id: a,
        first: 'dana',
        last: 'whitfield',
        keys: [{ kind: 'phone', value: '+14155550100', current: true }],
      }),
    ]);
    const [same] = await match({ phone: '4155550100', full_name: 'Dana Whitfield' }, source);
    const [other] = await match({ phone: '4155550100', full_name: 'Mark Twain' }, source);
    expect(same.matched_on).toEqual(['phone', 'full_name']);
    expect(other.matched_on).toEqual(['phone']);
    expect(other.weight).toBeLessThan(same.weight - 10);
  });
});

describe('matchPerson on sparse records', () => {
  // Ada as a sparse source knows her: name only, no birth date, no place, no job, no contact.
  const bare: PersonRecord = {
    ...ada,
    middle_name: null,
    birth_date: null,
    birth_year: null,
    birth_month: null,
    birth_day: null,
    city: null,
    state: null,
    state_code: null,
    country: null,
    country_code: null,
    work_email: null,
    mobile_phone: null,
    netx_url: null,
    netx_id: null,
    emails: [],
    phones: [],
    socials: [],
    locations: [],
    experience: [],
    education: [],
  };
  const weightOf = async (input: PersonMatchInput, source: MemoryPersonSource) =>
    (await match(input, source)).find((r) => r.svc_id === ada.svc_id)?.weight;

  it.each<[string, PersonMatchInput]>([
    ['a city', { city: 'Austin' }],
    ['a state and a country', { state: 'Texas', country: 'US' }],
    ['an address', { address: '500 Congress Ave, Austin, TX 78701' }],
    ['an employer', { company: 'Globex' }],
    ['an employer website', { company: 'globex.example' }],
    ['a school', { school: 'Harrow Institute' }],
    ['a job title', { job_title: 'Pilot' }],
    ['a birth date', { birth_date: '1970-01-01' }],
    ['an email', { email: 'someone@elsewhere.example' }],
    ['a phone', { phone: '+14155559999' }],
    ['a profile URL', { social_url: 'https://github.com/someone-else' }],
    ['a netx id', { netx_id: '99999999' }],
  ])('a record without %s is neither helped nor penalised by one', async (_name, context) => {
    const source = new MemoryPersonSource([bare]);
    const name = { full_name: 'Ada Quill' };
    const withContext = await weightOf({ ...name, ...context }, source);
    expect(withContext).toBeDefined();
    expect(withContext).toBe(await weightOf(name, new MemoryPersonSource([bare])));
  });

  it('records with jobs, places and schools whose parts are unknown', async () => {
    const partial: PersonRecord = {
      ...bare,
      locations: [{ ...ada.locations[0], city: null, postal_code: null, current: null }],
      experience: [{ ...ada.experience[0], organization: null, title: null, current: null }],
      education: [{ ...ada.education[0], organization: null }],
    };
    const source = new MemoryPersonSource([partial]);
    const [top] = await match(
      { full_name: 'Ada Quill', city: 'Nowhere', company: 'Globex', school: 'Harrow' },
      source,
    );
    expect(top).toMatchObject({ svc_id: ada.svc_id, matched_on: ['full_name'] });
    expect(top.outcomes.map((o) => o.comparison)).toEqual(['first_name', 'last_name']);
  });

  it('asks which identifiers candidates hold only for queries mixing identifiers with other candidates', async () => {
    const source = new MemoryPersonSource(people);
    await match({ email: 'bramokonkwovale@gmail.com' }, source);
    expect(source.calls).not.toContain('heldIdentifiers');
    await match({ email: 'bramokonkwovale@gmail.com', full_name: 'Bram Okonkwo-Vale' }, source);
    expect(source.calls).not.toContain('heldIdentifiers');
    await match({ email: 'nobody@elsewhere.example', full_name: 'Bram Okonkwo-Vale' }, source);
    expect(source.calls).toContain('heldIdentifiers');
  });

  it('lets an identifier the candidate holds otherwise still count against it', async () => {
    const source = new MemoryPersonSource([ada, { ...bare, svc_id: uuid(77) }]);
    const [known] = (
      await match({ full_name: 'Ada Quill', email: 'someone@elsewhere.example' }, source)
    ).filter((r) => r.svc_id === ada.svc_id);
    expect(known.outcomes).toContainEqual(
      expect.objectContaining({ comparison: 'email', level: 'disagree' }),
    );
  });
});
