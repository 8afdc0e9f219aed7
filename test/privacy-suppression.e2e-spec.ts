/**
 * Suppressions over the real stack (docs/privacy.md): a person suppressed by email through the
 * CLI is no answer within 2 s on two gateway processes, by any way of asking, at no charge;
 * search and discover totals drop by one; a reload of the same files keeps them out and says
 * so; lifting the suppression serves them again from the next load. Identifiers are stored only
 * as hashes; a phone two records share names neither of them.
 */
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PersonRecord } from '@app/contracts';
import { expectErrorResponse, injector, Inject, seedTeam, SeededTeam } from '@app/testing';
import { generateDataset } from '../apps/cli/src/data-builds/generator';
import { createSearchWorker } from '../apps/search/src/bootstrap';
import { captureCli } from './cli/capture';
import type { LoadReport } from '../apps/cli/src/data-builds/loader/loader';
import { hashesOf, loadSuite } from './data-load/harness';
import { bootGateway } from './gateway';
import { TEST_BUILD } from './search/harness';

const WITHIN_MS = 2000;
/** Between polls, so a poll loop stays inside the enrichment rate limit. */
const pause = () => new Promise((r) => setTimeout(r, 50));
const SHARED_PHONE = '+14155550199';

describe('privacy suppressions', () => {
  const suite = loadSuite();
  let dir: string;
  let people: PersonRecord[];
  let worker: INestMicroservice;
  const apps: NestFastifyApplication[] = [];
  let gateways: Inject[];
  let team: SeededTeam;

  const cli = (args: string[]) =>
    captureCli(args, {
      ...process.env,
      DATABASE_URL: suite.env.config.database.url,
      DATABASE_SCHEMA: suite.env.db.schema,
      OPENSEARCH_INDEX_PREFIX: suite.env.config.opensearch.indexPrefix,
      NATS_SUBJECT_PREFIX: suite.env.config.nats.subjectPrefix,
      LOG_LEVEL: 'silent',
    });
  const post = (gateway: Inject, url: string, payload: object) =>
    gateway({ method: 'POST', url, headers: { 'api-key': team.key }, payload });
  const balance = async () =>
    (
      await suite.sql<{ credits: number }>(
        'SELECT credits_balance::int AS credits FROM teams WHERE id = $1',
        [team.id],
      )
    )[0].credits;

  beforeAll(async () => {
    dir = suite.dataDir({});
    await generateDataset({ people: 400, companies: 60, seed: 30, outDir: dir, buildVersion: TEST_BUILD });
    const file = join(dir, 'people.jsonl');
    people = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PersonRecord);
    // Two people share an office line: a phone that names neither by itself.
    for (const p of people.slice(-2))
      p.phones = [...p.phones, { number: SHARED_PHONE, current: true } as never];
    writeFileSync(file, people.map((p) => JSON.stringify(p)).join('\n') + '\n');
    await suite.load({ dir });
    worker = await createSearchWorker(suite.env.config);
    await worker.listen();
    for (let i = 0; i < 2; i++) apps.push(await bootGateway(suite.env.config));
    gateways = apps.map(injector);
    team = await seedTeam(suite.env.db.dataSource, { credits: 10_000 });
  }, 180_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await worker?.close();
  });

  /** The enrichment queries of a person that each find them now, by identifier and by name. */
  const queriesOf = (p: PersonRecord) => ({
    email: { email: p.emails[0].address },
    phone: { phone: p.phones[0].number },
    'name + employer': { first_name: p.first_name, last_name: p.last_name, company: p.company_name },
    svc_id: { svc_id: p.svc_id },
  });

  const findsThem = async (gateway: Inject, p: PersonRecord, body: object) => {
    const res = await post(gateway, '/person/enrich', body);
    expect(res.statusCode).toBe(200);
    return (
      (res.json() as { matches: Array<{ person: { svc_id: string } }> }).matches[0]?.person.svc_id ===
      p.svc_id
    );
  };

  let subject: PersonRecord;
  const totals = async () => {
    const search = await post(gateways[0], '/person/search', {
      query: `SELECT * FROM people WHERE city = '${subject.city!.replace(/'/g, "''")}'`,
    });
    const discover = await post(gateways[0], '/person/discover', { query: `people in ${subject.city}` });
    expect([search.statusCode, discover.statusCode]).toEqual([200, 200]);
    return { search: search.json().total as number, discover: discover.json().total as number };
  };

  it('finds a person every way before, and none of them within 2 s of the suppression, on both gateways, free', async () => {
    // Labels come from the records: someone with an email, a phone of their own, a name and an employer.
    const candidates = people.filter(
      (p) =>
        p.emails.length > 0 && p.phones.length > 0 && p.first_name && p.last_name && p.company_name && p.city,
    );
    for (const p of candidates.slice(0, 40)) {
      const found = await Promise.all(Object.values(queriesOf(p)).map((q) => findsThem(gateways[0], p, q)));
      if (found.every(Boolean)) {
        subject = p;
        break;
      }
    }
    expect(subject).toBeDefined();
    for (const gateway of gateways)
      for (const body of Object.values(queriesOf(subject)))
        expect(await findsThem(gateway, subject, body)).toBe(true);
    const before = await totals();
    const credits = await balance();

    const run = await cli([
      'privacy:suppress',
      '--email',
      subject.emails[0].address.toUpperCase(),
      '--reason',
      'ticket 1',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      svc_ids: [subject.svc_id],
      unresolved: 0,
      broadcast: 'sent',
      reason: 'ticket 1',
    });
    expect(result.removed).toEqual([{ build_id: TEST_BUILD, records: 1 }]);
    const started = Date.now();

    for (const gateway of gateways) {
      for (const [how, body] of Object.entries(queriesOf(subject))) {
        const ids = (r: { json(): { matches: Array<{ person: { svc_id: string } }> } }) =>
          r.json().matches.map((m) => m.person.svc_id);
        let res = await post(gateway, '/person/enrich', body);
        while (ids(res).includes(subject.svc_id) && Date.now() - started < WITHIN_MS) {
          await pause();
          res = await post(gateway, '/person/enrich', body);
        }
        // A namesake may still answer a name query; the person never does, and nothing is charged.
        if (how === 'name + employer') expect(ids(res)).not.toContain(subject.svc_id);
        else expect([how, ids(res), res.json().total]).toEqual([how, [], 0]);
        expect(res.headers['x-credits-charged']).toBe(ids(res).length === 0 ? '0' : String(ids(res).length));
      }
    }
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    expect(await balance()).toBe(credits);
    expect(await totals()).toEqual({ search: before.search - 1, discover: before.discover - 1 });
  });

  it('keeps only hashes, and leaves no row, key or document of the person behind', async () => {
    const address = subject.emails[0].address.toLowerCase();
    const stored = JSON.stringify(
      await suite.sql(
        'SELECT * FROM privacy_suppressions s JOIN privacy_suppressed_identifiers i ON i.suppression_id = s.id',
      ),
    );
    expect(stored).not.toContain(address);
    expect(stored).not.toContain(address.split('@')[0]);
    const left = await suite.sql<{ n: number }>(
      `SELECT (SELECT count(*) FROM person_records WHERE svc_id = $1)::int
            + (SELECT count(*) FROM person_match_keys WHERE svc_id = $1)::int AS n`,
      [subject.svc_id],
    );
    expect(left[0].n).toBe(0);
    const doc = await suite.os.count({
      index: `${suite.env.config.opensearch.indexPrefix}people_live_*`,
      body: { query: { ids: { values: [subject.svc_id] } } },
    });
    expect(doc.body.count).toBe(0);
    const [build] = await suite.sql<{ person_count: number }>(
      'SELECT person_count FROM builds WHERE is_active AND NOT is_sandbox',
    );
    expect(build.person_count).toBe(people.length - 1);
  });

  it('keeps them out of a reload of the same files, and says how many it left out', async () => {
    const report = await suite.load({ dir });
    expect(report.people.suppressed).toBe(1);
    expect(report.notes.join('\n')).toContain('1 person left out');
    expect(await suite.aliasCount('person')).toBe(people.length - 1);
    expect(await findsThem(gateways[1], subject, queriesOf(subject).email)).toBe(false);
  }, 120_000);

  it('names nobody by a phone two records share, and refuses an identifier enrichment would refuse', async () => {
    const shared = JSON.parse((await cli(['privacy:suppress', '--phone', SHARED_PHONE])).stdout);
    expect(shared).toMatchObject({ svc_ids: [], unresolved: 1, removed: [] });
    for (const p of people.slice(-2))
      expect(await findsThem(gateways[0], p, { svc_id: p.svc_id })).toBe(true);
    const bad = await cli(['privacy:suppress', '--email', 'not-an-address']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email');
    const none = await cli(['privacy:suppress', '--reason', 'x']);
    expect(none.code).toBe(2);
    // Lifted again, by the identifier it was made with, so the reload below judges the email
    // suppression alone.
    expect((await cli(['privacy:unsuppress', String(shared.id), '--phone', SHARED_PHONE])).code).toBe(2);
    const lifted = await cli(['privacy:unsuppress', '--phone', '(415) 555-0199']);
    expect(lifted.code).toBe(0);
    expect(JSON.parse(lifted.stdout).lifted.map((l: { id: number }) => l.id)).toEqual([shared.id]);
    expect((await cli(['privacy:unsuppress', '--phone', SHARED_PHONE])).code).toBe(1);
  });

  it('serves them again from the next load once the suppression is lifted', async () => {
    const [standing] = JSON.parse((await cli(['privacy:list'])).stdout) as Array<{
      id: number;
      svc_ids: string[];
    }>;
    expect(standing.svc_ids).toEqual([subject.svc_id]);
    const lifted = await cli(['privacy:unsuppress', String(standing.id)]);
    expect(JSON.parse(lifted.stdout)).toMatchObject({ released: [subject.svc_id], broadcast: 'sent' });
    expect((await cli(['privacy:unsuppress', String(standing.id)])).code).toBe(1);
    expect(JSON.parse((await cli(['privacy:list'])).stdout)).toEqual([]);

    const report = await suite.load({ dir });
    expect(report.people.suppressed).toBe(0);
    const started = Date.now();
    let found = await findsThem(gateways[1], subject, queriesOf(subject).email);
    while (!found && Date.now() - started < WITHIN_MS) {
      await pause();
      found = await findsThem(gateways[1], subject, queriesOf(subject).email);
    }
    expect(found).toBe(true);
  }, 120_000);

  it('keeps suppressed people out of an incremental load, with sole holders of a suppressed identifier no build held yet', async () => {
    // Two addresses nobody holds in the served build: they name nobody now (unresolved) ...
    const unknown = 'new.person@example.org';
    const sharedAddress = 'front.desk@example.org';
    const newPhone = '+14155550142';
    for (const flags of [
      ['--email', unknown],
      ['--email', sharedAddress],
      ['--phone', '(415) 555-0142'],
    ]) {
      const made = JSON.parse((await cli(['privacy:suppress', ...flags])).stdout);
      expect(made).toMatchObject({ svc_ids: [], unresolved: 1 });
    }
    // ... and one person by svc_id, present in the served build.
    const bySvcId = people[5];
    expect(JSON.parse((await cli(['privacy:suppress', '--svc-id', bySvcId.svc_id])).stdout).svc_ids).toEqual([
      bySvcId.svc_id,
    ]);
    // Next month's snapshot: one person now holds the unknown address alone, two share the other.
    const [newHolder, deskA, deskB, phoneHolder] = [people[10], people[11], people[12], people[13]];
    const email = (address: string) => ({
      address,
      type: 'personal',
      current: true,
      validated: null,
      confidence: null,
      last_seen: null,
      num_sources: null,
      validation_status: null,
      ...hashesOf(address),
    });
    const next = people.map((p) =>
      p === newHolder
        ? { ...p, emails: [...p.emails, email(unknown)] }
        : p === deskA || p === deskB
          ? { ...p, emails: [...p.emails, email(sharedAddress)] }
          : p === phoneHolder
            ? { ...p, phones: [...p.phones, { number: newPhone, current: true } as never] }
            : p,
    );
    const nextDir = suite.dataDir({
      'people.jsonl': next.map((p) => JSON.stringify(p)).join('\n') + '\n',
      'companies.jsonl': readFileSync(join(dir, 'companies.jsonl')),
    });
    // Through the command, which tells the gateways once the load has committed.
    const run = await cli(['data:load', nextDir, '--build', '1.0.0_2026-12-21', '--from', TEST_BUILD]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as LoadReport;
    expect(report.notes).toContain('gateways told of the suppressions: sent');
    const served = await suite.sql<{ svc_id: string }>(
      `SELECT svc_id::text FROM person_records WHERE build_id = '1.0.0_2026-12-21' AND svc_id = ANY($1::uuid[])`,
      [[bySvcId.svc_id, newHolder.svc_id, deskA.svc_id, deskB.svc_id, phoneHolder.svc_id]],
    );
    expect(report.people.rejected).toBe(0);
    expect(report.people.suppressed).toBe(3);
    expect(served.map((r) => r.svc_id).sort()).toEqual([deskA.svc_id, deskB.svc_id].sort());
    // The sole holder is remembered by svc_id from then on.
    const list = JSON.parse((await cli(['privacy:list'])).stdout) as Array<{ svc_ids: string[] }>;
    expect(list.flatMap((l) => l.svc_ids)).toEqual(
      expect.arrayContaining([newHolder.svc_id, bySvcId.svc_id, phoneHolder.svc_id]),
    );
    // At once, though the gateways may serve the previous build for up to 5 s: it no longer holds them.
    const started = Date.now();
    let found = await findsThem(gateways[0], newHolder, { svc_id: newHolder.svc_id });
    while (found && Date.now() - started < WITHIN_MS) {
      await pause();
      found = await findsThem(gateways[0], newHolder, { svc_id: newHolder.svc_id });
    }
    expect(found).toBe(false);
  }, 120_000);

  it('activates a build loaded in slices without whoever was suppressed between its slices and its activation', async () => {
    const SLICED = '1.0.0_2027-01-21';
    for (const slice of ['1/2', '2/2'])
      expect((await cli(['data:load', dir, '--build', SLICED, '--slice', slice])).code).toBe(0);
    const late = people[20];
    const made = await cli(['privacy:suppress', '--svc-id', late.svc_id]);
    expect(made.stderr).toBe('');
    expect(JSON.parse(made.stdout).removed).toEqual(
      expect.arrayContaining([{ build_id: SLICED, records: 1 }]),
    );
    const activated = await cli(['data:activate', SLICED]);
    expect(activated.stderr).toBe('');
    expect(activated.code).toBe(0);
    // Standing before the slices loaded: the svc_id suppression and the sole holder found above.
    const standing = [late, people[5]].map((p) => p.svc_id);
    const [{ n, count }] = await suite.sql<{ n: number; count: number }>(
      `SELECT (SELECT count(*)::int FROM person_records WHERE build_id = $1) AS n,
              (SELECT person_count FROM builds WHERE id = $1) AS count`,
      [SLICED],
    );
    expect(n).toBe(count);
    const left = await suite.sql<{ svc_id: string }>(
      `SELECT svc_id::text FROM person_records WHERE build_id = $1 AND svc_id = ANY($2::uuid[])`,
      [SLICED, standing],
    );
    expect(left).toEqual([]);
    expect(await suite.aliasCount('person')).toBe(n);
  }, 180_000);

  it('writes each CLI privacy action once in the audit log, with its actor', async () => {
    const rows = await suite.sql<{ action: string; actor_kind: string; n: number }>(
      `SELECT action, actor_kind, count(*)::int AS n FROM audit_log WHERE action LIKE 'privacy.%' GROUP BY 1, 2 ORDER BY 1`,
    );
    const made = JSON.parse((await cli(['privacy:list', '--all'])).stdout) as Array<{
      lifted_at: string | null;
    }>;
    expect(rows).toEqual([
      { action: 'privacy.suppress', actor_kind: 'cli', n: made.length },
      { action: 'privacy.unsuppress', actor_kind: 'cli', n: made.filter((m) => m.lifted_at !== null).length },
    ]);
  });

  it('answers operators over HTTP with the operator token only', async () => {
    const res = await gateways[0]({
      method: 'GET',
      url: '/privacy/suppressions',
      headers: { 'api-key': team.key },
    });
    // OPERATOR_TOKEN is not set in this suite: the routes are off, whatever the caller holds.
    expectErrorResponse(res, 403, 'forbidden');
  });
});
