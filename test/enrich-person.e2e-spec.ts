import { DataSource } from 'typeorm';
import type { PersonRecord } from '@app/contracts';
import { nicknameVariants, type StoredSlice } from '@app/matching';
import { foldKey, hashEmail } from '@app/normalize';
import { EnrichHarness, enrichHarness, LIVE_BUILD } from './enrich/harness';
import { bareEmail, sparsePerson } from './enrich/sparse-records';

// Null-heavy people appended to the generated (already sparse) build, written as the loader
// serves them (it derives last_initial, and first and last name from a full name without them).
const NAME_ONLY = sparsePerson('00000000-0000-4000-8000-0000000005a1', 'quintessa marlowe-vance', {
  first_name: 'quintessa',
  last_name: 'marlowe-vance',
  last_initial: 'm',
});
const EMAIL_ONLY = sparsePerson('00000000-0000-4000-8000-0000000005a2', 'zorabel ng', {
  first_name: 'zorabel',
  last_name: 'ng',
  last_initial: 'n',
  emails: [bareEmail('zorabel.ng@example.org')],
});
const PARTS_UNKNOWN = sparsePerson('00000000-0000-4000-8000-0000000005a3', 'ilsabet quorne', {
  first_name: 'ilsabet',
  last_name: 'quorne',
  last_initial: 'q',
  birth_year: 1979,
  locations: [
    {
      street_address: null,
      address_line_2: null,
      city: 'lisbon',
      state: null,
      state_code: null,
      country: null,
      country_code: null,
      continent: null,
      continent_code: null,
      postal_code: null,
      postal_code_4: null,
      geo: null,
      raw: [],
      current: null,
      num_sources: null,
      confidence: null,
      last_seen: null,
    },
  ],
  experience: [
    {
      title: { cleaned: 'welder', raw: ['Welder'] },
      seniority_level: null,
      job_function: null,
      expense_category: null,
      is_decision_maker: null,
      is_platform_worker: null,
      organization: null,
      start_date: null,
      end_date: null,
      current: true,
      tenure_months: null,
      description: null,
    },
  ],
  education: [
    {
      organization: null,
      degree: null,
      degree_level: null,
      field_of_study: { cleaned: 'metallurgy', raw: ['Metallurgy'] },
      start_date: null,
      end_date: null,
      current: null,
    },
  ],
});
const SPARSE = [NAME_ONLY, EMAIL_ONLY, PARTS_UNKNOWN];

type Body = Record<string, unknown>;
interface Match {
  person: PersonRecord;
  match_metadata: { matched_on: string[]; match_type: string; match_confidence: string };
}

/** POST /person/enrich and GET /person/enrich against a generated build, through the real gateway. */
describe('person enrichment', () => {
  let h: EnrichHarness;
  const find = (pred: (p: PersonRecord) => boolean) => {
    const p = h.people.find(pred);
    if (!p) throw new Error('the generated build has no such person; change the seed');
    return p;
  };
  const enrich = async (body: Body, key?: string) => {
    const res = await h.post('/person/enrich', body, key);
    return { res, body: res.json() as { matches: Match[]; total: number } & Body };
  };
  const expectTop = async (body: Body, svcId: string, metadata: Partial<Match['match_metadata']> = {}) => {
    const { res, body: json } = await enrich(body);
    expect(res.statusCode).toBe(200);
    expect(json.matches).toHaveLength(1);
    expect(json.matches[0].person.svc_id).toBe(svcId);
    expect(json.matches[0].match_metadata).toMatchObject(metadata);
    return json.matches[0];
  };
  // Records are sparse: a name test needs both name parts, and no one else with that last name and initial.
  const unique = (p: PersonRecord) =>
    !!p.first_name &&
    !!p.last_name &&
    h.people.filter(
      (o) =>
        !!o.last_name &&
        foldKey(o.last_name) === foldKey(p.last_name!) &&
        o.first_name?.[0] === p.first_name![0],
    ).length === 1;

  beforeAll(async () => {
    h = await enrichHarness({ extra: { people: SPARSE } });
  }, 240000);
  afterAll(async () => h?.close());

  describe('primary identifiers: exact, high, one credit', () => {
    const cases: Array<[string, () => [Body, PersonRecord, string[]]]> = [
      [
        'a Gmail address with dots, a plus tag and capitals',
        () => {
          const p = find((x) =>
            x.emails.some((e) => e.address.endsWith('@gmail.com') && e.address.includes('.')),
          );
          const [local] = p.emails.find((e) => e.address.endsWith('@gmail.com'))!.address.split('@');
          const dotted = local.replace(/\./g, '').replace(/^(.)(.)/, '$1.$2.');
          return [{ email: ` ${dotted.toUpperCase()}+newsletter@GoogleMail.com ` }, p, ['email']];
        },
      ],
      [
        'a work email',
        () => {
          const p = find((x) => !!x.work_email);
          return [{ email: p.work_email }, p, ['email']];
        },
      ],
      ...(['sha256', 'sha1', 'md5'] as const).map((kind): [string, () => [Body, PersonRecord, string[]]] => [
        `an email ${kind} hash`,
        () => {
          const p = find((x) => x.emails.length > 0);
          return [{ email_hash: hashEmail(p.emails[0].address)[kind].toUpperCase() }, p, ['email_hash']];
        },
      ]),
      ...[
        (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
        (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
        (d: string) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
        (d: string) => `001${d}`,
      ].map((format, i): [string, () => [Body, PersonRecord, string[]]] => [
        `a US phone, format ${i + 1}`,
        () => {
          const p = find((x) => !!x.mobile_phone?.startsWith('+1') && x.country_code === 'US');
          return [{ phone: format(p.mobile_phone!.slice(2)) }, p, ['phone']];
        },
      ]),
      [
        'a national phone number read in the given country',
        () => {
          const p = find(
            (x) =>
              !!x.mobile_phone?.startsWith('+44') &&
              x.locations.some((l) => l.current && l.country_code === 'GB'),
          );
          return [
            { phone: `0${p.mobile_phone!.slice(3)}`, country: 'United Kingdom' },
            p,
            ['phone', 'country'],
          ];
        },
      ],
      [
        'a netx profile URL, spelled differently',
        () => {
          const p = find((x) => !!x.netx_url);
          return [
            { social_url: p.netx_url!.replace('https://', 'http://www.').toUpperCase() + '/?trk=abc' },
            p,
            ['social_url'],
          ];
        },
      ],
      [
        'a GitHub profile',
        () => {
          const p = find((x) => x.socials.some((s) => s.network === 'github'));
          const url = p.socials.find((s) => s.network === 'github')!.url;
          return [{ social_url: `${url.replace('https://', '')}/repositories` }, p, ['social_url']];
        },
      ],
      [
        'a Twitter profile through x.com',
        () => {
          const p = find((x) => x.socials.some((s) => s.network === 'twitter'));
          const url = p.socials.find((s) => s.network === 'twitter')!.url;
          return [{ social_url: url.replace('twitter.com', 'x.com') }, p, ['social_url']];
        },
      ],
      [
        'a netx id',
        () => {
          const p = find((x) => !!x.netx_id);
          return [{ netx_id: p.netx_id }, p, ['netx_id']];
        },
      ],
      ['an svc_id', () => [{ svc_id: h.people[5].svc_id.toUpperCase() }, h.people[5], ['svc_id']]],
    ];

    it.each(cases)('%s', async (_name, make) => {
      const [body, person, matchedOn] = make();
      const before = await h.balance(h.standard.teamId);
      const res = await h.post('/person/enrich', body);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.total).toBe(1);
      expect(json.matches).toHaveLength(1);
      expect(json.matches[0].person).toEqual(person);
      expect(Object.keys(json.matches[0].person)).toEqual(Object.keys(person));
      expect(json.matches[0].match_metadata).toEqual({
        matched_on: matchedOn,
        match_type: 'exact',
        match_confidence: 'high',
      });
      expect(res.headers['x-credits-charged']).toBe('1');
      expect(await h.balance(h.standard.teamId)).toBe(before - 1);
    });
  });

  describe('name and context', () => {
    it('matches a full name with a city, and first and last name with an employer', async () => {
      const p = find((x) => unique(x) && x.country_code === 'US' && !!x.city && !!x.company_domain);
      await expectTop({ full_name: p.full_name, city: p.city }, p.svc_id, {
        matched_on: ['full_name', 'city'],
        match_type: 'probabilistic',
      });
      await expectTop(
        { first_name: p.first_name, last_name: p.last_name, company: p.company_name },
        p.svc_id,
        {
          matched_on: ['first_name', 'last_name', 'company'],
        },
      );
      await expectTop(
        { full_name: p.full_name, company: `https://www.${p.company_domain}/about` },
        p.svc_id,
        {
          matched_on: ['full_name', 'company'],
        },
      );
    });

    it('folds accents and reads "Last, First"', async () => {
      const p = find((x) => /[^\x00-\x7f]/.test(x.last_name ?? '') && unique(x) && !!x.city);
      await expectTop(
        { full_name: `${foldKey(p.last_name!)}, ${foldKey(p.first_name!)}`, city: p.city },
        p.svc_id,
        {
          matched_on: ['full_name', 'city'],
        },
      );
    });

    it('matches a nickname', async () => {
      const p = find(
        (x) =>
          unique(x) &&
          nicknameVariants(x.first_name!).length > 0 &&
          x.country_code === 'US' &&
          !!x.city &&
          !!x.state_code,
      );
      const nick = nicknameVariants(p.first_name!)[0];
      await expectTop(
        { first_name: nick, last_name: p.last_name, city: p.city, state: p.state_code },
        p.svc_id,
        {
          matched_on: ['first_name', 'last_name', 'city', 'state'],
        },
      );
    });

    it('matches on an address, a postal code, a school, a job title and birth dates of each precision', async () => {
      // Each from a person whose record carries it (records are sparse).
      const home = (x: PersonRecord) => x.locations.find((l) => l.current === true);
      const us = (x: PersonRecord) => unique(x) && x.country_code === 'US';
      let p = find((x) => us(x) && (home(x)?.raw.length ?? 0) > 0);
      await expectTop({ full_name: p.full_name, address: home(p)!.raw[0] }, p.svc_id, {
        matched_on: ['full_name', 'address'],
      });
      p = find((x) => us(x) && !!home(x)?.postal_code);
      await expectTop({ full_name: p.full_name, postal_code: home(p)!.postal_code }, p.svc_id, {
        matched_on: ['full_name', 'postal_code'],
      });
      p = find((x) => us(x) && !!x.education[0]?.organization);
      await expectTop(
        { full_name: p.full_name, school: p.education[0].organization!.name.raw[0] },
        p.svc_id,
        {
          matched_on: ['full_name', 'school'],
        },
      );
      p = find((x) => us(x) && !!x.job_title);
      await expectTop({ full_name: p.full_name, job_title: p.job_title }, p.svc_id, {
        matched_on: ['full_name', 'job_title'],
      });
      p = find((x) => us(x) && !!x.birth_date);
      const born = p.birth_date!;
      for (const birth_date of [born, born.slice(0, 7), born.slice(0, 4)])
        await expectTop({ full_name: p.full_name, birth_date }, p.svc_id, {
          matched_on: ['full_name', 'birth_date'],
        });
    });

    it('finds a misspelled last name through the first name and city', async () => {
      const p = find(
        (x) =>
          unique(x) &&
          x.last_name!.length >= 6 &&
          /^[a-z]+$/.test(x.last_name!) &&
          !!x.city &&
          !!x.company_name,
      );
      const last = p.last_name!;
      const typo = last.slice(0, 2) + last[3] + last[2] + last.slice(4);
      await expectTop(
        { first_name: p.first_name, last_name: typo, city: p.city, company: p.company_name },
        p.svc_id,
        {
          matched_on: ['first_name', 'last_name', 'city', 'company'],
        },
      );
    });

    it('answers no match with 200, an empty list, total 0 and no charge', async () => {
      const before = await h.balance(h.standard.teamId);
      for (const body of [
        { email: 'nobody.at.all@example.org' },
        { full_name: 'Zebulon Quixotic', city: 'Reykjavik' },
      ]) {
        const { res, body: json } = await enrich(body);
        expect(res.statusCode).toBe(200);
        expect(json).toEqual({ matches: [], total: 0 });
        expect(res.headers['x-credits-charged']).toBe('0');
      }
      expect(await h.balance(h.standard.teamId)).toBe(before);
    });
  });

  describe('scoring slices', () => {
    interface Row {
      svc_id: string;
      record: Record<string, unknown>;
      match_slice: StoredSlice;
    }
    // An independent reading of the record, as jsonb `->>` reads it ('' for NULL): the oracle
    // for the slice Postgres generates when the row is written.
    type Json = unknown;
    const member = (v: Json, k: string): Json =>
      v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Json>)[k] : undefined;
    const text = (v: Json): string =>
      v === undefined || v === null
        ? ''
        : typeof v === 'string'
          ? v
          : typeof v === 'object'
            ? JSON.stringify(v)
            : String(v);
    const list = (v: Json): Json[] => (Array.isArray(v) ? v : []);
    const org = (x: Json) => member(x, 'organization');
    const expected = (r: Record<string, Json>): StoredSlice => ({
      middle_name: text(r.middle_name),
      birth_date: text(r.birth_date),
      locations: list(r.locations).map((l) => [
        text(member(l, 'city')),
        text(member(l, 'state_code')),
        text(member(l, 'country_code')),
        text(member(l, 'postal_code')),
        member(l, 'current') === true,
      ]),
      jobs: list(r.experience).map((e) => [
        text(member(member(org(e), 'name'), 'cleaned')),
        text(member(org(e), 'website')),
        text(member(org(e), 'netx_url')),
        text(member(member(e, 'title'), 'cleaned')),
        member(e, 'current') === true,
      ]),
      schools: list(r.education).map((e) => [
        text(member(member(org(e), 'name'), 'cleaned')),
        text(member(org(e), 'website')),
        text(member(org(e), 'netx_url')),
      ]),
    });

    it('are cut out of each record by Postgres when it is written', async () => {
      const rows = await h.sql<Row>(
        `SELECT svc_id::text, record, match_slice FROM person_records WHERE build_id = $1`,
        [LIVE_BUILD],
      );
      expect(rows).toHaveLength(h.people.length);
      for (const r of rows) expect(r.match_slice).toEqual(expected(r.record));
      // Most generated people have jobs and places (sparse records: not all): the slice is not trivially empty.
      expect(
        rows.filter((r) => r.match_slice.locations.length > 0 && r.match_slice.jobs.length > 0).length,
      ).toBeGreaterThan(rows.length / 2);
    });

    it('read missing, null and non-string values the way the record does', async () => {
      const svcId = '00000000-0000-4000-8000-00000000e2e5';
      const record = {
        middle_name: null,
        birth_date: 19900101,
        locations: [{ city: 'austin', postal_code: 78701, current: 'yes' }, null, 'x', { current: true }],
        experience: [
          { organization: null, title: { cleaned: null } },
          { organization: { name: 'flat' } },
          {},
        ],
        education: 'not a list',
      };
      await h.sql(
        `INSERT INTO person_records (build_id, svc_id, record, record_json, first_name, last_name) VALUES ($1, $2, $3::text::jsonb, $3::text, $4, $5)`,
        [LIVE_BUILD, svcId, record, null, 'odd'],
      );
      try {
        const [row] = await h.sql<Row>(
          `SELECT svc_id::text, record, match_slice FROM person_records WHERE build_id = $1 AND svc_id = $2`,
          [LIVE_BUILD, svcId],
        );
        expect(row.match_slice).toEqual(expected(record));
        expect(row.match_slice).toEqual({
          middle_name: '',
          birth_date: '19900101',
          locations: [
            ['austin', '', '', '78701', false],
            ['', '', '', '', false],
            ['', '', '', '', false],
            ['', '', '', '', true],
          ],
          jobs: [
            ['', '', '', '', false],
            ['', '', '', '', false],
            ['', '', '', '', false],
          ],
          schools: [],
        });
      } finally {
        await h.sql(`DELETE FROM person_records WHERE build_id = $1 AND svc_id = $2`, [LIVE_BUILD, svcId]);
      }
    });

    it('answer a repeated name query the same way once its candidates are cached', async () => {
      const [{ last_name, country_code }] = await h.sql<{ last_name: string; country_code: string }>(
        `SELECT last_name, country_code FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL AND country_code IS NOT NULL
          GROUP BY 1, 2 HAVING count(*) = 2 ORDER BY 1 DESC, 2 LIMIT 1`,
        [LIVE_BUILD],
      );
      const body = { last_name, country: country_code, multiple_results: true, size: 10 };
      const first = await enrich(body, h.enterprise.key);
      const again = await enrich(body, h.enterprise.key);
      expect(first.body.total).toBeGreaterThan(1);
      expect(again.body).toEqual(first.body);
    });
  });

  describe('null-heavy records', () => {
    const served = (svcId: string) => h.people.find((p) => p.svc_id === svcId)!;

    it('are loaded as they are: full shape, unknown as null', async () => {
      for (const p of SPARSE) expect(served(p.svc_id)).toEqual(p);
      const { res, body } = await enrich({ svc_id: NAME_ONLY.svc_id });
      expect(res.statusCode).toBe(200);
      expect(body.matches[0].person).toEqual(NAME_ONLY);
      expect(Object.keys(body.matches[0].person)).toEqual(Object.keys(NAME_ONLY));
      expect(body.matches[0].person.birth_date).toBeNull();
      expect(body.matches[0].person.locations).toEqual([]);
    });

    it('match by name although the record knows none of the context asked (neither agreeing nor disagreeing)', async () => {
      const top = await expectTop(
        {
          full_name: 'Quintessa Marlowe-Vance',
          city: 'Boston',
          company: 'Acme',
          job_title: 'Pilot',
          birth_date: '1980-02-03',
          school: 'Harrow',
          email: 'q@elsewhere.example',
        },
        NAME_ONLY.svc_id,
        { matched_on: ['full_name'], match_type: 'probabilistic' },
      );
      expect(top.person).toEqual(NAME_ONLY);
      // The same as with the name and one context field the record lacks.
      const plain = await expectTop(
        { full_name: 'Quintessa Marlowe-Vance', city: 'Boston' },
        NAME_ONLY.svc_id,
      );
      expect(plain.match_metadata.match_confidence).toBe(top.match_metadata.match_confidence);
    });

    it('match by an email on a record known by its full name and that email alone', async () => {
      const top = await expectTop({ email: 'Zorabel.Ng@example.org' }, EMAIL_ONLY.svc_id, {
        matched_on: ['email'],
        match_type: 'exact',
        match_confidence: 'high',
      });
      expect(top.person).toEqual(EMAIL_ONLY);
      expect(top.person.phones).toEqual([]);
    });

    it('compare what jobs, places and birth dates know, and leave the rest out', async () => {
      await expectTop({ full_name: 'Ilsabet Quorne', city: 'Lisbon' }, PARTS_UNKNOWN.svc_id, {
        matched_on: ['full_name', 'city'],
      });
      await expectTop(
        { full_name: 'Ilsabet Quorne', job_title: 'Welder', company: 'Acme' },
        PARTS_UNKNOWN.svc_id,
        {
          matched_on: ['full_name', 'job_title'],
        },
      );
      await expectTop({ full_name: 'Ilsabet Quorne', birth_date: '1979-05-06' }, PARTS_UNKNOWN.svc_id, {
        matched_on: ['full_name', 'birth_date'],
      });
    });

    it.each<[string, string, boolean]>([
      ['a null top-level field', 'birth_date', false],
      ['a known top-level field', 'birth_year', true],
      ['a subfield of a null sub-object', 'experience.organization.name.cleaned', false],
      ['a null subfield', 'education.degree', false],
      ['a known subfield', 'experience.title', true],
      ['a null subfield, with a value', 'locations.country_code:pt', false],
      ['an empty list', 'emails', false],
    ])('required_fields: %s (%s)', async (_name, required, kept) => {
      const { res, body } = await enrich({ svc_id: PARTS_UNKNOWN.svc_id, required_fields: required });
      expect(res.statusCode).toBe(200);
      expect(body.total).toBe(kept ? 1 : 0);
    });

    it('in bulk: every item answered, full shape with nulls, nothing 5xx', async () => {
      const res = await h.post('/person/enrich/bulk', {
        requests: [
          { svc_id: NAME_ONLY.svc_id },
          { email: 'zorabel.ng@example.org', metadata: { row: 2 } },
          { full_name: 'Ilsabet Quorne', city: 'Lisbon', company: 'Acme', birth_date: '1979' },
          {
            full_name: 'Quintessa Marlowe-Vance',
            postal_code: '02118',
            include_fields: 'full_name,birth_date,emails',
          },
          { svc_id: PARTS_UNKNOWN.svc_id, required_fields: 'phones' },
          { svc_id: PARTS_UNKNOWN.svc_id, titlecase: true },
          ...h.people.slice(0, 20).map((p) => ({ svc_id: p.svc_id })),
        ],
      });
      expect(res.statusCode).toBe(200);
      const results = res.json().results as Array<{ status: number; matches: Match[] }>;
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 404, 200, ...Array(20).fill(200)]);
      expect(results[0].matches[0].person).toEqual(NAME_ONLY);
      expect(results[1].matches[0].person).toEqual(EMAIL_ONLY);
      expect(results[2].matches[0].person).toEqual(PARTS_UNKNOWN);
      expect(results[3].matches[0].person).toEqual({
        full_name: NAME_ONLY.full_name,
        birth_date: null,
        emails: [],
      });
      expect(Object.keys(results[5].matches[0].person)).toEqual(Object.keys(PARTS_UNKNOWN));
      expect(results[5].matches[0].person.middle_name).toBeNull();
      h.people.slice(0, 20).forEach((p, i) => expect(results[6 + i].matches[0].person).toEqual(p));
    });
  });

  describe('result options', () => {
    it('filters by min_confidence; conflicting identifiers lower the confidence', async () => {
      // a holds a phone and b an email, so the other's identifier disagrees with each (an
      // identifier a record has none of would be missing, not a disagreement).
      const a = find((x) => x.emails.length > 0 && x.phones.length > 0);
      const b = find((x) => x !== a && x.emails.length > 0 && !!x.mobile_phone);
      const conflicting = { email: a.emails[0].address, phone: b.mobile_phone };
      const { body: plain } = await enrich(conflicting);
      expect(plain.matches[0].person.svc_id).toBe(a.svc_id);
      expect(plain.matches[0].match_metadata.match_confidence).toBe('moderate');
      const { body: high } = await enrich({ ...conflicting, min_confidence: 'high' });
      expect(high).toEqual({ matches: [], total: 0 });
      const { body: moderate } = await enrich({ ...conflicting, min_confidence: 'moderate' });
      expect(moderate.matches[0].person.svc_id).toBe(a.svc_id);
    });

    const has: Record<string, (p: PersonRecord) => boolean> = {
      'work_email,phones': (p) => !!p.work_email && p.phones.length > 0,
      'emails.type': (p) => p.emails.some((e) => !!e.type),
      birth_date: (p) => !!p.birth_date,
      'experience.title.cleaned': (p) => p.experience.some((e) => !!e.title?.cleaned),
      'locations.postal_code': (p) => p.locations.some((l) => !!l.postal_code),
      'emails.type:personal': (p) => p.emails.some((e) => e.type === 'personal'),
      'emails.type:professional': (p) => p.emails.some((e) => e.type === 'professional'),
      'phones.type:mobile': (p) => p.phones.some((x) => x.type === 'mobile'),
      'phones.type:landline': (p) => p.phones.some((x) => x.type === 'landline'),
      'socials.network:github': (p) => p.socials.some((s) => s.network === 'github'),
      'socials.network:facebook': (p) => p.socials.some((s) => s.network === 'facebook'),
      certifications: (p) => p.certifications.length > 0,
    };
    it.each(Object.keys(has))(
      'required_fields=%s keeps exactly the records that have it',
      async (required) => {
        const kept = h.people.slice(20, 120).find((p) => has[required](p));
        const dropped = h.people.slice(20, 120).find((p) => !has[required](p));
        for (const [p, keep] of [
          [kept, true],
          [dropped, false],
        ] as const) {
          if (!p) continue;
          const { res, body } = await enrich({ svc_id: p.svc_id, required_fields: required });
          expect(res.statusCode).toBe(200);
          expect(body.total).toBe(keep ? 1 : 0);
          expect(body.matches.map((m) => m.person.svc_id)).toEqual(keep ? [p.svc_id] : []);
          expect(res.headers['x-credits-charged']).toBe(keep ? '1' : '0');
        }
        expect(kept ?? dropped).toBeDefined();
      },
    );

    it('returns several matches, best first, only to enterprise teams; each one is billed', async () => {
      const [{ last_name, country_code }] = await h.sql<{ last_name: string; country_code: string }>(
        `SELECT last_name, country_code FROM person_records WHERE build_id = '1.0.0_2026-11-21' AND last_name IS NOT NULL AND country_code IS NOT NULL
          GROUP BY 1, 2 HAVING count(*) = 2 ORDER BY 1, 2 LIMIT 1`,
      );
      const body = { last_name, country: country_code, multiple_results: true };
      const refused = await h.post('/person/enrich', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'feature_not_available',
        details: { feature: 'multiple_results', tier: 'standard' },
      });

      const before = await h.balance(h.enterprise.teamId);
      const two = (await enrich(body, h.enterprise.key)).body;
      expect(two.total).toBe(2);
      expect(two.matches).toHaveLength(2);
      const rank = { high: 3, moderate: 2, low: 1 } as Record<string, number>;
      expect(rank[two.matches[0].match_metadata.match_confidence]).toBeGreaterThanOrEqual(
        rank[two.matches[1].match_metadata.match_confidence],
      );
      expect(await h.balance(h.enterprise.teamId)).toBe(before - 2);
      const one = (await enrich({ ...body, size: 1 }, h.enterprise.key)).body;
      expect(one.matches).toHaveLength(1);
      expect(one.total).toBe(2);
      const single = (await enrich({ last_name, country: country_code }, h.enterprise.key)).body;
      expect(single.matches).toHaveLength(1);
      expect(single.total).toBe(2);
    });

    it('shapes the person record and keeps match_metadata', async () => {
      const p = find((x) => x.emails.length > 0);
      const { body } = await enrich({
        svc_id: p.svc_id,
        include_fields: 'full_name,emails.address',
        titlecase: true,
      });
      expect(body.matches[0]).toEqual({
        person: { full_name: expect.any(String), emails: p.emails.map((e) => ({ address: e.address })) },
        match_metadata: { matched_on: ['svc_id'], match_type: 'exact', match_confidence: 'high' },
      });
      const pretty = await h.post('/person/enrich', {
        svc_id: p.svc_id,
        pretty: true,
        include_fields: 'svc_id',
      });
      expect(pretty.body).toContain('\n  "matches"');
    });
  });

  describe('refusals', () => {
    it.each<[string, Body, number, string, RegExp]>([
      [
        'nothing to match on',
        {},
        400,
        'minimum_requirements_not_met',
        /no identifier, name or context field/,
      ],
      [
        'a name without context',
        { first_name: 'Dana', last_name: 'Whitfield' },
        400,
        'minimum_requirements_not_met',
        /but no context field/,
      ],
      [
        'context without a name',
        { city: 'Austin', company: 'Acme' },
        400,
        'minimum_requirements_not_met',
        /but no name/,
      ],
      [
        'shaping parameters only',
        { titlecase: true, min_confidence: 'high' },
        400,
        'minimum_requirements_not_met',
        /Send one primary identifier/,
      ],
      [
        'an invalid email',
        { email: 'dana@@example.com' },
        400,
        'invalid_email',
        /email is not a valid address/,
      ],
      [
        'an email hash of no known length',
        { email_hash: 'abc' },
        400,
        'invalid_email',
        /SHA-256 \(64 characters\)/,
      ],
      [
        'an unknown required field',
        { email: 'a@b.co', required_fields: 'work_email,mobile' },
        400,
        'invalid_request',
        /unknown field "mobile"/,
      ],
      [
        'a value outside an enum',
        { email: 'a@b.co', required_fields: 'emails.type:work' },
        400,
        'invalid_request',
        /allowed: professional, personal/,
      ],
      [
        'an unknown network',
        { email: 'a@b.co', required_fields: 'socials.network:myspace' },
        400,
        'invalid_request',
        /allowed: netx, twitter, github, facebook/,
      ],
      [
        'an unknown phone type',
        { email: 'a@b.co', required_fields: 'phones.type:pager' },
        400,
        'invalid_request',
        /allowed: mobile, landline/,
      ],
      [
        'multiple_results on a standard team',
        { email: 'a@b.co', multiple_results: true },
        403,
        'feature_not_available',
        /enterprise-tier teams only/,
      ],
      [
        'a result size above 10',
        { email: 'a@b.co', size: 11 },
        422,
        'validation_failed',
        /size must not be greater than 10/,
      ],
      [
        'an unknown min_confidence',
        { email: 'a@b.co', min_confidence: 'medium' },
        422,
        'validation_failed',
        /min_confidence/,
      ],
      [
        'an unreadable phone',
        { phone: 'call me maybe' },
        422,
        'validation_failed',
        /phone could not be read/,
      ],
      [
        'an unsupported social network',
        { social_url: 'https://myspace.com/dana' },
        422,
        'validation_failed',
        /social_url/,
      ],
      [
        'a malformed birth date',
        { full_name: 'Dana W', birth_date: '04/17/1988' },
        422,
        'validation_failed',
        /birth_date must be/,
      ],
      ['an undeclared field', { email: 'a@b.co', linkedin_id: '1' }, 422, 'validation_failed', /linkedin_id/],
      ['a non-string field', { email: 42 }, 422, 'validation_failed', /email must be a string/],
    ])('refuses %s', async (_name, body, status, error, message) => {
      const before = await h.balance(h.standard.teamId);
      const res = await h.post('/person/enrich', body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error });
      expect(res.json().message).toMatch(message);
      expect(await h.balance(h.standard.teamId)).toBe(before);
    });
  });

  describe('GET /person/enrich (agent flow)', () => {
    it('matches by email with the same semantics as POST', async () => {
      const p = find((x) => x.emails.length > 0);
      const res = await h.get('/person/enrich', { email: p.emails[0].address.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        matches: [
          {
            person: p,
            match_metadata: { matched_on: ['email'], match_type: 'exact', match_confidence: 'high' },
          },
        ],
        total: 1,
      });
      expect(res.headers['x-credits-charged']).toBe('1');
    });

    it('takes the other parameters from the query string', async () => {
      const p = h.people.filter((x) => x.emails.length > 0)[1];
      const shaped = await h.get('/person/enrich', {
        email: p.emails[0].address,
        include_fields: 'full_name',
        titlecase: 'true',
        min_confidence: 'high',
      });
      expect(shaped.json().matches[0].person).toEqual({ full_name: expect.any(String) });
      expect(
        (await h.get('/person/enrich', { email: p.emails[0].address, multiple_results: 'true' })).statusCode,
      ).toBe(403);
      const many = await h.get(
        '/person/enrich',
        { email: p.emails[0].address, multiple_results: 'true', size: '3' },
        h.enterprise.key,
      );
      expect(many.json().total).toBe(1);
      expect((await h.get('/person/enrich', {})).json().error).toBe('minimum_requirements_not_met');
      expect((await h.get('/person/enrich', { email: 'x', size: 'many' })).statusCode).toBe(422);
    });
  });

  describe('sandbox', () => {
    it('matches the fictional people free of charge', async () => {
      const bram = h.sandboxPeople[0];
      const before = await h.balance(h.standard.teamId);
      const res = await h.post('/sandbox/person/enrich', { email: 'Bram.Okonkwo.Vale+x@gmail.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        matches: [
          {
            person: bram,
            match_metadata: { matched_on: ['email'], match_type: 'exact', match_confidence: 'high' },
          },
        ],
        total: 1,
      });
      expect(res.headers['x-credits-charged']).toBeUndefined();
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      const byName = await h.post('/sandbox/person/enrich', {
        full_name: 'Ada Quill',
        company: 'PebblePath',
      });
      expect(byName.json().matches[0].person.svc_id).toBe(h.sandboxPeople[2].svc_id);
      expect(await h.balance(h.standard.teamId)).toBe(before);
      // The live build does not hold the sandbox people.
      expect((await enrich({ email: 'bramokonkwovale@gmail.com' })).body.total).toBe(0);
    });

    it('validates and filters like the real endpoint', async () => {
      expect((await h.post('/sandbox/person/enrich', { first_name: 'Ada' })).json().error).toBe(
        'minimum_requirements_not_met',
      );
      expect(
        (await h.post('/sandbox/person/enrich', { email: 'x@y.co', required_fields: 'nope' })).statusCode,
      ).toBe(400);
      expect(
        (await h.post('/sandbox/person/enrich', { email: 'x@y.co', multiple_results: true })).statusCode,
      ).toBe(403);
      const conflicting = { email: 'bramokonkwovale@gmail.com', phone: '+14155550173' };
      expect((await h.post('/sandbox/person/enrich', conflicting)).json().matches).toHaveLength(1);
      expect(
        (await h.post('/sandbox/person/enrich', { ...conflicting, min_confidence: 'high' })).json(),
      ).toEqual({ matches: [], total: 0 });
      const github = await h.post('/sandbox/person/enrich', {
        full_name: 'Ada Quill',
        city: 'Austin',
        required_fields: 'socials.network:github',
      });
      expect(github.json()).toEqual({ matches: [], total: 0 });
    });
  });

  it("plans the gateway's statements once per connection (generic plans; docs/decisions.md)", async () => {
    const db = h.gateway.get(DataSource);
    const rows = (await db.query('SHOW plan_cache_mode')) as Array<{ plan_cache_mode: string }>;
    expect(rows[0].plan_cache_mode).toBe('force_generic_plan');
    const cli = (await h.sql<{ plan_cache_mode: string }>('SHOW plan_cache_mode'))[0];
    expect(cli.plan_cache_mode).toBe('auto');
  });
});
