import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import { seedKey, seedTeam } from '@app/testing';
import { CompanyBulkItemDto, PersonBulkItemDto } from '../../apps/gateway/src/enrichment/dto/bulk.dto';
import { finished, jobsHarness, type JobsHarness, type JobView } from '../jobs/harness';
import { call, connectMcp, validatedProperties } from './client';

/**
 * RATE_LIMIT_JOBS_PER_MINUTE of the suite, with one active job per team: each test creates jobs
 * for a team of its own, so its windows and its active job are its own.
 */
const JOBS_LIMIT = 2;

/**
 * The MCP job tools against the real gateway running jobs (JOB_RUNNER=on): each answers what its
 * HTTP route answers, billed, refused and limited by that route.
 */
describe('MCP enrichment-job tools', () => {
  let h: JobsHarness;
  let url: string;
  const clients: Client[] = [];
  const connect = async (key: string) => {
    const c = await connectMcp(url, key);
    clients.push(c);
    return c;
  };
  const freshTeam = () => seedTeam(h.env.db.dataSource, { credits: 100_000 });
  const emails = (n: number) =>
    h.people
      .filter((p) => p.emails.length > 0)
      .slice(0, n)
      .map((p, i) => ({ email: p.emails[0].address, metadata: { row: i } }));

  /** Polls get_enrichment_job until the job is finished. */
  async function pollMcp(client: Client, id: string, until = finished): Promise<JobView> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await call(client, 'get_enrichment_job', { id });
      expect(res.isError).toBe(false);
      const job = res.structured as unknown as JobView;
      if (until(job)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    h = await jobsHarness({
      people: 300,
      companies: 30,
      env: { RATE_LIMIT_JOBS_PER_MINUTE: String(JOBS_LIMIT), JOBS_MAX_ACTIVE_PER_TEAM: '1' },
    });
    await h.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}/mcp`;
  }, 240_000);
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await h?.close();
  });

  it('define create_enrichment_job from the job route and the single-enrich bodies, get_enrichment_job from GET /jobs/{id}', async () => {
    const { tools } = await (await connect(h.team.key)).listTools();
    const create = tools.find((t) => t.name === 'create_enrichment_job')!;
    const props = create.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(props).sort()).toEqual(
      [
        'entity',
        'exclude_fields',
        'include_fields',
        'requests',
        'sandbox',
        'titlecase',
        'webhook_url',
      ].sort(),
    );
    expect(create.inputSchema.required?.sort()).toEqual(['entity', 'requests']);
    expect(props.entity.enum).toEqual(['person', 'company']);
    expect(props.requests).toMatchObject({ type: 'array', minItems: 1, maxItems: 10_000 });
    const [person, company] = (props.requests.items as { anyOf: Array<{ properties: object }> }).anyOf;
    expect(Object.keys(person.properties).sort()).toEqual(validatedProperties(PersonBulkItemDto));
    expect(Object.keys(company.properties).sort()).toEqual(validatedProperties(CompanyBulkItemDto));
    // The options carry their DTO's descriptions (documented as the upload's query parameters).
    expect(props.webhook_url.description).toMatch(/job\.completed/);
    expect(create.outputSchema?.properties).toHaveProperty('results_url');
    expect(create.description).toMatch(/credit/);

    const get = tools.find((t) => t.name === 'get_enrichment_job')!;
    expect(get.inputSchema).toEqual({
      type: 'object',
      properties: { id: expect.objectContaining({ type: 'string', format: 'uuid' }) },
      required: ['id'],
    });
    expect(get.outputSchema?.properties).toHaveProperty('counts');
    expect(get.description).toMatch(/results_url/);
    expect(get.annotations?.readOnlyHint).toBe(true);
  });

  it('runs a live job created over MCP: its progress and charges are what GET /jobs/{id} says, charged per match', async () => {
    const team = await freshTeam();
    const mcp = await connect(team.key);
    const requests = [...emails(150), { email: 'nobody@nowhere.example' }];
    expect(requests.length).toBeGreaterThan(100); // more than one chunk
    const created = await call(mcp, 'create_enrichment_job', {
      entity: 'person',
      requests,
      include_fields: 'full_name',
    });
    expect(created.isError).toBe(false);
    expect(created.http.status).toBe(202);
    expect(created.structured).toMatchObject({
      entity: 'person',
      sandbox: false,
      status: 'queued',
      counts: { items: requests.length, done: 0 },
    });
    const id = created.structured.id as string;
    const done = await pollMcp(mcp, id);
    expect(done.status).toBe('completed');
    expect(done).toEqual(await h.job(id, team.key));
    expect(done.counts).toMatchObject({ done: requests.length, not_found: 1 });
    const lines = await h.results(id, team.key);
    expect(lines).toHaveLength(requests.length);
    const matches = lines.reduce((n, l) => n + (l.matches?.length ?? 0), 0);
    expect(matches).toBeGreaterThan(0);
    expect(done.credits_charged).toBe(matches);
    expect(await h.balance(team.id)).toBe(100_000 - matches);
    expect(lines[0]).toMatchObject({ index: 0, metadata: { row: 0 } });
  }, 90_000);

  it('lets entity pick the company route', async () => {
    const mcp = await connect((await freshTeam()).key);
    const requests = h.companies
      .filter((c) => !!c.domain)
      .slice(0, 10)
      .map((c) => ({ domain: c.domain }));
    const created = await call(mcp, 'create_enrichment_job', { entity: 'company', requests });
    expect(created.structured).toMatchObject({ entity: 'company', counts: { items: 10 } });
    const done = await pollMcp(mcp, created.structured.id as string);
    expect(done.status).toBe('completed');
    expect(done.counts.matched).toBeGreaterThan(0);
  }, 60_000);

  it('runs a sandbox job on the fictional records, free', async () => {
    const team = await freshTeam();
    const mcp = await connect(team.key);
    const requests = h.sandboxPeople
      .filter((p) => p.emails.length > 0)
      .slice(0, 10)
      .map((p) => ({ email: p.emails[0].address }));
    const created = await call(mcp, 'create_enrichment_job', { entity: 'person', requests, sandbox: true });
    expect(created.isError).toBe(false);
    expect(created.structured.sandbox).toBe(true);
    const done = await pollMcp(mcp, created.structured.id as string);
    expect(done).toMatchObject({ status: 'completed', credits_charged: 0 });
    expect(done.counts.matched).toBeGreaterThan(0);
    expect(await h.balance(team.id)).toBe(100_000);
  }, 60_000);

  it('refuses a job with a bad item whole, with the HTTP answer’s 422 details, storing nothing', async () => {
    const [{ n: jobsBefore }] = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM enrichment_jobs`);
    const body = { requests: [...emails(2), { email: 'not-an-email' }, { full_name: 'Only A Name' }] };
    const viaHttp = await h.createJob('/person/enrich/jobs', body, { key: (await freshTeam()).key });
    expect(viaHttp.statusCode).toBe(422);
    const mcp = await connect((await freshTeam()).key);
    const res = await call(mcp, 'create_enrichment_job', { entity: 'person', ...body });
    expect(res.isError).toBe(true);
    expect(res.http.status).toBe(422);
    expect(res.structured).toEqual(viaHttp.json());
    expect(res.structured.details).toMatchObject({ reason: 'invalid_items', problem_count: 2 });
    const [{ n: jobsAfter }] = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM enrichment_jobs`);
    expect(jobsAfter).toBe(jobsBefore);

    // An entity that names no route is refused before any route, in the pipe's shape.
    const entity = await call(mcp, 'create_enrichment_job', { entity: 'people', ...body });
    expect(entity.isError).toBe(true);
    expect(entity.structured).toMatchObject({
      error: 'validation_failed',
      details: [{ field: 'entity', problems: [expect.stringMatching(/person, company/)] }],
    });
  });

  it('answers not_found for another team’s job, and what the route answers for an id that is no job id', async () => {
    const mcp = await connect((await freshTeam()).key);
    const created = await call(mcp, 'create_enrichment_job', { entity: 'person', requests: emails(3) });
    expect(created.isError).toBe(false);
    const id = created.structured.id as string;
    const other = await seedTeam(h.env.db.dataSource, { credits: 10 });
    const foreign = await call(await connect(other.key), 'get_enrichment_job', { id });
    expect(foreign.isError).toBe(true);
    expect(foreign.http.status).toBe(404);
    expect(foreign.structured).toEqual((await h.get(`/jobs/${id}`, {}, other.key)).json());
    expect(foreign.structured.error).toBe('not_found');
    // What names no job is the route's answer; what would leave the path never reaches a route.
    for (const bad of ['not-a-uuid', '../builds', 'a?b=c']) {
      const res = await call(mcp, 'get_enrichment_job', { id: bad });
      const viaHttp = await h.get(`/jobs/${encodeURIComponent(bad)}`, {}, other.key);
      expect(res.isError).toBe(true);
      expect(res.structured).toEqual(viaHttp.json());
    }
    const dots = await call(mcp, 'get_enrichment_job', { id: '..' });
    expect(dots.structured).toMatchObject({ error: 'validation_failed', details: [{ field: 'id' }] });
    await pollMcp(mcp, id);
  }, 60_000);

  it('counts a creation over MCP in the route’s own rate-limit window, shared with HTTP', async () => {
    const { key } = await freshTeam();
    const mcp = await connect(key);
    const body = { requests: emails(2) };
    const viaHttp = await h.createJob('/person/enrich/jobs', body, { key });
    expect(viaHttp.statusCode).toBe(202);
    await h.waitFor(viaHttp.json().id, undefined, 60_000, key);
    const second = await call(mcp, 'create_enrichment_job', { entity: 'person', ...body });
    expect(second.isError).toBe(false);
    expect(second.http.headers['x-ratelimit-remaining']).toBe('0');
    await pollMcp(mcp, second.structured.id as string);
    const refused = await call(mcp, 'create_enrichment_job', { entity: 'person', ...body });
    expect(refused.isError).toBe(true);
    expect(refused.structured).toMatchObject({
      error: 'rate_limited',
      details: { endpoint: '/person/enrich/jobs' },
    });
    expect(refused.http.headers['retry-after']).toMatch(/^\d+$/);
    expect((await h.createJob('/person/enrich/jobs', body, { key })).statusCode).toBe(429);
  }, 60_000);

  it('refuses a creation past the team’s active jobs (429) and needs credits for a live one (402)', async () => {
    // One credit: the job charges it on its first chunk and pauses, still active.
    const team = await seedTeam(h.env.db.dataSource, { credits: 1 });
    const mcp = await connect(team.key);
    const created = await call(mcp, 'create_enrichment_job', { entity: 'person', requests: emails(20) });
    expect(created.isError).toBe(false);
    const id = created.structured.id as string;
    const paused = await pollMcp(mcp, id, (j) => j.status === 'paused_insufficient_credits' || finished(j));
    expect(paused).toMatchObject({ status: 'paused_insufficient_credits', credits_charged: 1 });
    const busy = await call(mcp, 'create_enrichment_job', {
      entity: 'person',
      requests: emails(1),
      sandbox: true,
    });
    expect(busy.isError).toBe(true);
    expect(busy.structured).toMatchObject({ error: 'rate_limited', details: { max_active_jobs: 1 } });
    const none = await seedTeam(h.env.db.dataSource, { credits: 0 });
    const broke = await call(await connect(none.key), 'create_enrichment_job', {
      entity: 'person',
      requests: emails(1),
    });
    expect(broke.isError).toBe(true);
    expect(broke.structured.error).toBe('insufficient_credits');
    await h.request({ method: 'DELETE', url: `/jobs/${id}`, headers: { 'api-key': team.key } });
  }, 60_000);

  it('lists a limited key the job tools its routes allow', async () => {
    const { key } = await seedKey(h.env.db.dataSource, h.team.id, [
      '/mcp',
      '/sandbox/company/enrich/jobs',
      '/jobs/:id',
    ]);
    const scoped = await connect(key);
    expect((await scoped.listTools()).tools.map((t) => t.name)).toEqual([
      'create_enrichment_job',
      'get_enrichment_job',
    ]);
    const live = await call(scoped, 'create_enrichment_job', {
      entity: 'company',
      requests: [{ domain: 'x.example' }],
    });
    expect(live.structured).toMatchObject({
      error: 'forbidden',
      details: { endpoint: '/company/enrich/jobs' },
    });
  });
});
