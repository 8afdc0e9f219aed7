import type { PersonRecord } from '@app/contracts';
import { nicknameVariants } from '@app/matching';
import { foldKey, hashEmail } from '@app/normalize';
import { agreedOn } from './enrich/evidence';
import { EnrichHarness } from './enrich/harness';
import { Body, HARNESS_TIMEOUT_MS, personHarness, personHelpers } from './enrich/person';

/** POST /person/enrich matched on a primary identifier, or on a name and its context. */
describe('person enrichment', () => {
  let h: EnrichHarness;
  const { find, enrich, expectTop, unique } = personHelpers(() => h);

  beforeAll(async () => {
    h = await personHarness();
  }, HARNESS_TIMEOUT_MS);
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
      const before = await h.balance(h.standard.id);
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
        evidence: agreedOn(matchedOn),
      });
      expect(res.headers['x-credits-charged']).toBe('1');
      expect(await h.balance(h.standard.id)).toBe(before - 1);
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
      const before = await h.balance(h.standard.id);
      for (const body of [
        { email: 'nobody.at.all@example.org' },
        { full_name: 'Zebulon Quixotic', city: 'Reykjavik' },
      ]) {
        const { res, body: json } = await enrich(body);
        expect(res.statusCode).toBe(200);
        expect(json).toEqual({ matches: [], total: 0 });
        expect(res.headers['x-credits-charged']).toBe('0');
      }
      expect(await h.balance(h.standard.id)).toBe(before);
    });
  });
});
