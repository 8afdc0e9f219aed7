import { gzipSync } from 'node:zlib';
import type { PersonRecord } from '@app/contracts';
import { seedTeam, uniqueName } from '@app/testing';
import { jobsHarness, type JobsHarness, type ResultLine } from './harness';

/** Bulk-enrichment jobs through the real gateway, its in-process runner, Postgres and JetStream. */
describe('bulk enrichment jobs', () => {
  let h: JobsHarness;
  const withEmail = () => h.people.filter((p) => p.emails.length > 0);
  const withoutIndex = ({ index: _, ...rest }: ResultLine) => rest;

  beforeAll(async () => {
    h = await jobsHarness({ people: 800, companies: 60 });
  }, 240000);
  afterAll(async () => h?.close());

  /** A mix of items: emails that match, emails that do not, names with context, metadata on some. */
  function items(n: number): Record<string, unknown>[] {
    const people = withEmail();
    return Array.from({ length: n }, (_, i) => {
      const p: PersonRecord = people[i % people.length];
      if (i % 5 === 3) return { email: `nobody-${i}@nowhere.example`, metadata: { row: i } };
      if (i % 5 === 4 && p.city && p.company_name)
        return { full_name: p.full_name, city: p.city, company: p.company_name, metadata: { row: i } };
      return i % 2 === 0
        ? { email: p.emails[0].address, metadata: { row: i } }
        : { email: p.emails[0].address };
    });
  }

  it('runs a JSON job to completion with results equal, item for item, to the synchronous answers', async () => {
    const requests = items(450);
    const before = await h.balance();
    const created = await h.createJob('/person/enrich/jobs', { requests, titlecase: true });
    expect(created.statusCode).toBe(202);
    const job = created.json();
    expect(job).toMatchObject({
      entity: 'person',
      sandbox: false,
      status: 'queued',
      counts: { items: 450, done: 0 },
    });
    expect(job.status_url).toMatch(new RegExp(`/jobs/${job.id}$`));

    const done = await h.waitFor(job.id);
    expect(done.status).toBe('completed');
    expect(done.counts.done).toBe(450);
    expect(done.counts.matched + done.counts.not_found + done.counts.errors).toBe(450);
    expect(done.finished_at).not.toBeNull();

    const lines = await h.results(job.id);
    expect(lines.map((l) => l.index)).toEqual(requests.map((_, i) => i));
    const sync = await h.syncResults('/person/enrich/bulk', requests, { titlecase: true });
    expect(lines.map(withoutIndex)).toEqual(sync);
    // So a job's matches carry match_metadata.evidence as the synchronous ones do.
    const matched = lines.find((l) => (l.matches?.length ?? 0) > 0)!.matches![0] as {
      match_metadata: { evidence: Array<{ outcome: string }> };
    };
    expect(matched.match_metadata.evidence).toContainEqual(expect.objectContaining({ outcome: 'agreed' }));

    // One credit per returned match, counted by the job and taken from the team, all charged
    // by the job (the synchronous run for comparison is billed too, after it).
    const matches = lines.reduce((n, l) => n + (l.matches?.length ?? 0), 0);
    expect(done.credits_charged).toBe(matches);
    const [ledger] = await h.sql<{ n: string }>(
      `SELECT coalesce(-sum(delta), 0) AS n FROM credit_ledger WHERE team_id = $1 AND request_id = $2`,
      [h.team.id, job.id],
    );
    expect(Number(ledger.n)).toBe(matches);
    expect(await h.balance()).toBe(before - 2 * matches);
  }, 120000);

  it('takes JSONL and CSV uploads, gzip or not, with options in the query string', async () => {
    const people = withEmail().slice(0, 30);
    const jsonl = people
      .map((p, i) => JSON.stringify({ email: p.emails[0].address, metadata: { n: i } }))
      .join('\n');
    const csv = ['email,metadata.n', ...people.map((p, i) => `${p.emails[0].address},${i}`)].join('\n');
    const expected = await h.syncResults(
      '/person/enrich/bulk',
      people.map((p, i) => ({ email: p.emails[0].address, metadata: { n: i } })),
      { include_fields: 'full_name' },
    );
    for (const [body, contentType, gzip] of [
      [jsonl, 'application/x-ndjson', false],
      [jsonl, 'application/x-ndjson', true],
      [csv, 'text/csv', true],
    ] as const) {
      const res = await h.createJob('/person/enrich/jobs', body, {
        contentType,
        gzip,
        query: { include_fields: 'full_name' },
      });
      expect(res.statusCode).toBe(202);
      await h.waitFor(res.json().id);
      const lines = await h.results(res.json().id);
      // CSV cells are text: the metadata value comes back as the string it was.
      const want =
        contentType === 'text/csv'
          ? expected.map((r, i) => ({ ...(r as object), metadata: { n: String(i) } }))
          : expected;
      expect(lines.map(withoutIndex)).toEqual(want);
    }
  }, 120000);

  it('refuses a job with bad items whole, naming each bad item, and stores nothing', async () => {
    const [{ n: jobsBefore }] = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM enrichment_jobs`);
    const jsonl = [
      JSON.stringify({ email: withEmail()[0].emails[0].address }),
      JSON.stringify({ email: 'not-an-email' }),
      JSON.stringify({ full_name: 'Only A Name' }),
      JSON.stringify({ phone: 'banana', metadata: { row: 4 } }),
    ].join('\n');
    const res = await h.createJob('/person/enrich/jobs', jsonl, { contentType: 'application/x-ndjson' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error).toBe('validation_failed');
    expect(body.details.problems.map((p: { index: number; line: number }) => [p.index, p.line])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(body.details.problems[0].reason).toMatch(/email/);
    expect(body.details.problems[1].reason).toMatch(/minimum_requirements_not_met/);
    expect(body.details.problems[2].reason).toMatch(/phone/);
    // An item that is not JSON is named by its line before any item is checked.
    const broken = await h.createJob('/person/enrich/jobs', '{"email": "a@b.example"}\n{"phone": ', {
      contentType: 'application/x-ndjson',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().details.problems).toEqual([expect.objectContaining({ index: 1, line: 2 })]);

    const refusals = await Promise.all([
      h.createJob('/person/enrich/jobs', { requests: [] }),
      h.createJob('/person/enrich/jobs', 'a,b', { contentType: 'text/plain' }),
      h.createJob('/person/enrich/jobs', Buffer.from([0x1f, 0x8b, 1, 2, 3]), {
        contentType: 'application/json',
      }),
      h.createJob('/person/enrich/jobs', { requests: [{ email: 'a@b.example' }], webhook_url: 'ftp://x' }),
      h.createJob('/person/enrich/jobs', 'nickname\nx', { contentType: 'text/csv' }),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 415, 400, 422, 400]);
    for (const r of refusals) expect(Object.keys(r.json()).sort()).toEqual(['details', 'error', 'message']);
    const [{ n: jobsAfter }] = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM enrichment_jobs`);
    expect(jobsAfter).toBe(jobsBefore);
  }, 60000);

  it("keeps a team's jobs from every other team: 404 for status, results and cancel", async () => {
    const res = await h.createJob('/person/enrich/jobs', { requests: items(5) });
    const { id } = res.json();
    const other = await seedTeam(h.env.db.dataSource, { name: uniqueName('other-'), credits: 10 });
    for (const [method, url] of [
      ['GET', `/jobs/${id}`],
      ['GET', `/jobs/${id}/results`],
      ['DELETE', `/jobs/${id}`],
    ] as const) {
      const r = await h.request({ method, url, headers: { 'api-key': other.key } });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toBe('not_found');
    }
    const list = await h.get('/jobs', {}, other.key);
    expect(list.json().jobs).toEqual([]);
    expect((await h.get('/jobs/not-a-uuid')).statusCode).toBe(400);
    await h.waitFor(id);
  }, 60000);

  it('cancels an active job: done items keep their results, every other item gets a line saying so', async () => {
    const res = await h.createJob('/person/enrich/jobs', { requests: items(1000) });
    const { id } = res.json();
    const canceled = await h.request({
      method: 'DELETE',
      url: `/jobs/${id}`,
      headers: { 'api-key': h.team.key },
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().status).toBe('canceled');
    const again = await h.request({
      method: 'DELETE',
      url: `/jobs/${id}`,
      headers: { 'api-key': h.team.key },
    });
    expect(again.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const job = await h.job(id);
    expect(job.status).toBe('canceled');
    const lines = await h.results(id);
    expect(lines.map((l) => l.index)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    const unreached = lines.filter((l) => l.error?.message.includes('canceled'));
    expect(unreached.length).toBe(1000 - job.counts.done);
    for (const l of unreached) expect(l.status).toBe(409);
    expect(job.credits_charged).toBe(lines.reduce((n, l) => n + (l.matches?.length ?? 0), 0));
  }, 60000);

  it('lists jobs newest first with a cursor', async () => {
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await h.get('/jobs', { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      all.push(...page.jobs.map((j: { id: string }) => j.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    const rows = await h.sql<{ id: string }>(
      `SELECT id FROM enrichment_jobs WHERE team_id = $1 ORDER BY created_at DESC, id DESC`,
      [h.team.id],
    );
    expect(all).toEqual(rows.map((r) => r.id));
    expect(all.length).toBeGreaterThan(3);
    expect((await h.get('/jobs', { cursor: 'garbage' })).statusCode).toBe(400);
  });

  it('runs sandbox jobs against the sandbox records, free', async () => {
    const before = await h.balance();
    const sandbox = h.sandboxPeople.filter((p) => p.emails.length > 0).slice(0, 20);
    const requests = sandbox.map((p) => ({ email: p.emails[0].address }));
    const res = await h.createJob('/sandbox/person/enrich/jobs', { requests });
    expect(res.statusCode).toBe(202);
    expect(res.json().sandbox).toBe(true);
    const done = await h.waitFor(res.json().id);
    const lines = await h.results(res.json().id);
    const sync = await h.syncResults('/sandbox/person/enrich/bulk', requests);
    expect(lines.map(withoutIndex)).toEqual(sync);
    const matched = sync.filter((r) => (r as { status: number }).status === 200).length;
    expect(matched).toBeGreaterThan(0);
    expect(done).toMatchObject({ status: 'completed', credits_charged: 0, counts: { matched } });
    expect(await h.balance()).toBe(before);
  }, 60000);

  it('runs company jobs like company bulk calls', async () => {
    const requests = h.companies
      .filter((c) => !!c.domain)
      .slice(0, 40)
      .map((c) => ({ domain: c.domain, metadata: { id: c.svc_id } }));
    const res = await h.createJob('/company/enrich/jobs', { requests });
    expect(res.statusCode).toBe(202);
    expect((await h.waitFor(res.json().id)).status).toBe('completed');
    const lines = await h.results(res.json().id);
    expect(lines.map(withoutIndex)).toEqual(await h.syncResults('/company/enrich/bulk', requests));
  }, 60000);

  it('refuses a gzip bomb cheaply and a job past the item cap', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const res = await h.createJob('/person/enrich/jobs', bomb, { contentType: 'application/x-ndjson' });
    expect(res.statusCode).toBe(413);
    const lines = Array.from({ length: 10_001 }, (_, i) => JSON.stringify({ email: `p${i}@x.example` })).join(
      '\n',
    );
    const tooMany = await h.createJob('/person/enrich/jobs', lines, {
      contentType: 'application/x-ndjson',
      gzip: true,
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().details.max_items).toBe(10_000);
  }, 60000);

  it('bounds the active jobs of a team atomically', async () => {
    const team = await seedTeam(h.env.db.dataSource, { name: uniqueName('busy-'), credits: 100000 });
    const body = { requests: items(300) };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => h.createJob('/person/enrich/jobs', body, { key: team.key })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().details.max_active_jobs).toBe(5);
    for (const a of answers.filter((x) => x.statusCode === 202))
      await h.waitFor(a.json().id, undefined, 120_000, team.key);
  }, 120000);
});
