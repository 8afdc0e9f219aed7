/**
 * The subject report (docs/privacy.md) over the real stack: it lists exactly the requests that
 * returned the person — enrichment, bulk, search, an MCP tool — with the teams that received
 * them, keeps doing so once they are suppressed, and answers operators only (OPERATOR_TOKEN),
 * over HTTP and the CLI alike.
 */
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import {
  createTestEnvironment,
  expectErrorResponse,
  seedTeam,
  SeededTeam,
  TestEnvironment,
} from '@app/testing';
import { captureCli } from './cli/capture';
import { call, connectMcp, MODERN } from './mcp/client';
import { loadTestBuilds, SearchStack, startSearchStack, TEST_BUILD } from './search/harness';

const TOKEN = 'operator-token-for-the-report-suite';

describe('privacy subject report', () => {
  let env: TestEnvironment;
  let stack: SearchStack;
  let mcp: Client;
  let other: SeededTeam;
  let person: { svc_id: string; email: string; last_name: string };
  let bystander: { svc_id: string; email: string };

  const operator = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = TOKEN) =>
    stack.gateway.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  const cli = (args: string[]) =>
    captureCli(args, {
      ...process.env,
      DATABASE_URL: env.config.database.url,
      DATABASE_SCHEMA: env.db.schema,
      OPENSEARCH_INDEX_PREFIX: env.config.opensearch.indexPrefix,
      NATS_SUBJECT_PREFIX: env.config.nats.subjectPrefix,
      LOG_LEVEL: 'silent',
    });

  beforeAll(async () => {
    env = await createTestEnvironment({ OPERATOR_TOKEN: TOKEN, REDIS_URL: '' });
    await loadTestBuilds(env, { people: 300, companies: 40, seed: 23 }, { sandbox: true });
    stack = await startSearchStack(env, { name: 'report-a', credits: 10_000, tier: 'standard' });
    await stack.gateway.listen(0, '127.0.0.1');
    const port = (stack.gateway.getHttpServer().address() as AddressInfo).port;
    other = await seedTeam(env.db.dataSource, { name: 'report-b', credits: 10_000 });
    mcp = await connectMcp(`http://127.0.0.1:${port}/mcp`, other.key, MODERN);
    const rows = (await env.db.dataSource.query(
      `SELECT svc_id::text, record->'emails'->0->>'address' AS email, record->>'last_name' AS last_name
         FROM person_records WHERE build_id = $1 AND jsonb_array_length(record->'emails') > 0
          AND record->>'last_name' IS NOT NULL ORDER BY svc_id LIMIT 2`,
      [TEST_BUILD],
    )) as Array<{ svc_id: string; email: string; last_name: string }>;
    [person, bystander] = rows;
  }, 180_000);

  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    await stack?.close();
    await env?.cleanup();
  });

  const enrichedId = (res: { json(): { matches: Array<{ person: { svc_id: string } }> } }) =>
    res.json().matches[0]?.person.svc_id;

  it('lists exactly the requests that returned the person, with the teams that received them', async () => {
    expect(enrichedId(await stack.post('/person/enrich', { email: person.email }))).toBe(person.svc_id);
    const bulk = await stack.post('/person/enrich/bulk', { requests: [{ email: person.email }] }, other.key);
    expect(bulk.statusCode).toBe(200);
    const search = await stack.post('/person/search', {
      query: `SELECT * FROM people WHERE last_name = '${person.last_name.replace(/'/g, "''")}'`,
      limit: 100,
    });
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json().matches)).toContain(person.svc_id);
    const tool = await call(mcp, 'enrich_person', { email: person.email });
    expect(JSON.stringify(tool.structured)).toContain(person.svc_id);
    // Neither another person's record nor a sandbox answer is about this person.
    expect(enrichedId(await stack.post('/person/enrich', { email: bystander.email }))).toBe(bystander.svc_id);
    await stack.post('/sandbox/person/enrich', { email: 'nobody@example.com' });

    const res = await operator('POST', '/privacy/reports', { email: [person.email.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    const [subject, ...rest] = res.json().people;
    expect(rest).toEqual([]);
    expect(subject).toMatchObject({ svc_id: person.svc_id, suppressed: false, suppressions: [] });
    expect(subject.record.svc_id).toBe(person.svc_id);
    expect(subject.builds).toEqual([
      { build_id: TEST_BUILD, status: 'held', is_active: true, removed_at: null },
    ]);
    const teams = new Map([
      [stack.teamId, 'report-a'],
      [other.id, 'report-b'],
    ]);
    expect(
      subject.access_log.map((e: { endpoint: string; team_id: number; team: string }) => [
        e.endpoint,
        e.team,
        teams.get(e.team_id),
      ]),
    ).toEqual([
      ['person_enrich', 'report-a', 'report-a'],
      ['person_bulk', 'report-b', 'report-b'],
      ['person_search', 'report-a', 'report-a'],
      ['mcp:enrich_person', 'report-b', 'report-b'],
    ]);

    expect(subject.access_log_truncated).toBe(false);
    expect(
      subject.recipients.map((r: { team: string; endpoint: string; count: number }) => [
        r.team,
        r.endpoint,
        r.count,
      ]),
    ).toEqual([
      ['report-a', 'person_enrich', 1],
      ['report-b', 'person_bulk', 1],
      ['report-a', 'person_search', 1],
      ['report-b', 'mcp:enrich_person', 1],
    ]);

    const fromCli = await cli(['privacy:report', '--svc-id', person.svc_id]);
    expect(fromCli.code).toBe(0);
    expect(JSON.parse(fromCli.stdout).people[0].access_log).toEqual(subject.access_log);
  });

  it('still reports a suppressed person, by the email they asked with: removed from the build, log kept', async () => {
    const made = await operator('POST', '/privacy/suppressions', {
      email: [person.email],
      reason: 'erasure #7',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ svc_ids: [person.svc_id], broadcast: 'sent' });
    const [audit] = (await env.db.dataSource.query(
      `SELECT actor_kind, action, target FROM audit_log WHERE action = 'privacy.suppress'`,
    )) as Array<{ actor_kind: string; action: string; target: string }>;
    expect(audit).toEqual({
      actor_kind: 'operator_token',
      action: 'privacy.suppress',
      target: `suppression:${made.json().id}`,
    });

    const [subject] = (await operator('POST', '/privacy/reports', { email: [person.email] })).json().people;
    expect(subject).toMatchObject({ svc_id: person.svc_id, record: null, suppressed: true });
    expect(subject.suppressions.map((s: { id: number; reason: string }) => [s.id, s.reason])).toEqual([
      [made.json().id, 'erasure #7'],
    ]);
    expect(subject.builds).toEqual([
      { build_id: TEST_BUILD, status: 'removed', is_active: true, removed_at: expect.any(String) },
    ]);
    expect(subject.access_log).toHaveLength(4);

    const listed = await operator('GET', '/privacy/suppressions');
    expect(listed.json().suppressions.map((s: { id: number }) => s.id)).toEqual([made.json().id]);
    const lifted = await operator('DELETE', `/privacy/suppressions/${made.json().id}`);
    expect(lifted.json()).toMatchObject({ id: made.json().id, released: [person.svc_id] });
    expectErrorResponse(await operator('DELETE', `/privacy/suppressions/${made.json().id}`), 409, 'conflict');
    expectErrorResponse(await operator('DELETE', '/privacy/suppressions/99999'), 404, 'not_found');
  });

  it('suppresses by a profile URL and by a phone as enrichment reads them, and reports by them', async () => {
    const rows = (await env.db.dataSource.query(
      `SELECT svc_id::text, record->>'netx_url' AS netx_url, record->'phones'->0->>'number' AS phone
         FROM person_records WHERE build_id = $1 AND record->>'netx_url' IS NOT NULL
          AND jsonb_array_length(record->'phones') > 0 AND svc_id <> ALL($2::uuid[])
        ORDER BY svc_id LIMIT 2`,
      [TEST_BUILD, [person.svc_id, bystander.svc_id]],
    )) as Array<{ svc_id: string; netx_url: string; phone: string }>;
    const [byUrl, byPhone] = rows;
    // Written differently from the record: scheme and case, and the number spaced out.
    const url = byUrl.netx_url.replace(/^https:\/\//, 'HTTP://').replace('www.', 'WWW.');
    const spaced = byPhone.phone.replace(/^(\+\d)(\d{3})(\d{3})/, '$1 $2 $3 ');
    for (const [body, who] of [
      [{ netx_url: [url] }, byUrl],
      [{ phone: [spaced] }, byPhone],
    ] as const) {
      const made = await operator('POST', '/privacy/suppressions', body);
      expect(made.statusCode).toBe(201);
      expect(made.json()).toMatchObject({ svc_ids: [who.svc_id], unresolved: 0 });
      const [subject] = (await operator('POST', '/privacy/reports', body)).json().people;
      expect(subject).toMatchObject({ svc_id: who.svc_id, suppressed: true, record: null });
      expect(enrichedId(await stack.post('/person/enrich', { svc_id: who.svc_id }))).toBeUndefined();
    }
  });

  it('answers the operator token only, and says what to change in a bad request', async () => {
    expectErrorResponse(
      await operator('POST', '/privacy/reports', { email: ['a@b.example'] }, 'wrong-token-123456789'),
      401,
      'unauthorized',
    );
    const withKey = await stack.gateway.inject({
      method: 'POST',
      url: '/privacy/reports',
      headers: { 'api-key': stack.apiKey },
      payload: { email: ['a@b.example'] },
    });
    expectErrorResponse(withKey, 401, 'unauthorized');
    expectErrorResponse(await operator('POST', '/privacy/reports', {}), 400, 'invalid_request');
    expectErrorResponse(
      await operator('POST', '/privacy/suppressions', { email: ['not-an-address'] }),
      400,
      'invalid_email',
    );
    expectErrorResponse(
      await operator('POST', '/privacy/suppressions', { emails: ['a@b.example'] }),
      422,
      'validation_failed',
    );
    expectErrorResponse(
      await operator('POST', '/privacy/suppressions', { email: 5 }),
      422,
      'validation_failed',
    );
    // One value needs no list.
    const single = await operator('POST', '/privacy/reports', { email: person.email });
    expect(single.json().people.map((p: { svc_id: string }) => p.svc_id)).toEqual([person.svc_id]);
    expectErrorResponse(await operator('GET', '/privacy/suppressions?limit=0'), 422, 'validation_failed');
  });
});
