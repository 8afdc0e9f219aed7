import type { OpenAPIObject } from '@nestjs/swagger';
import type { LightMyRequestResponse } from 'fastify';
import { connect as connectNats, JSONCodec } from 'nats';
import { natsSubject, SEARCH_PATTERNS } from '@app/contracts';
import { AutocompleteQueryDto } from '../apps/gateway/src/autocomplete/dto/autocomplete-query.dto';
import { BuildChangesQueryDto } from '../apps/gateway/src/builds/dto/build-changes-query.dto';
import { DiscoverBodyDto } from '../apps/gateway/src/discover/dto/discover-body.dto';
import {
  BulkEnrichDto,
  CompanyBulkItemDto,
  PersonBulkItemDto,
} from '../apps/gateway/src/enrichment/dto/bulk.dto';
import { CompanyEnrichDto } from '../apps/gateway/src/enrichment/dto/company-enrich.dto';
import { PersonEnrichDto } from '../apps/gateway/src/enrichment/dto/person-enrich.dto';
import { bodySchema, querySchema } from '../apps/gateway/src/mcp/tool-schemas';
import { TOOLS } from '../apps/gateway/src/mcp/tools';
import { SearchBodyDto } from '../apps/gateway/src/search/dto/search-body.dto';
import { CleanRequestDto } from '../apps/gateway/src/utilities/clean/dto/clean-request.dto';
import { EmailHashRequestDto } from '../apps/gateway/src/utilities/hash/dto/email-hash.dto';
import { ReportRequestDto } from '../apps/gateway/src/reports/dto/report-request.dto';
import { UsageQueryDto } from '../apps/gateway/src/usage/dto/usage-query.dto';
import { call, connectMcp, LEGACY, MODERN, validatedProperties } from './mcp/client';
import { SANDBOX_COMPANY, SANDBOX_PERSON, startMcpSuite } from './mcp/suite';
import { TEST_BUILD } from './search/harness';
import { sharedFixture } from './shared-fixture';

/**
 * A search or discover answer's next_cursor is sealed afresh by each answer (a random IV): two
 * answers of one page agree on whether a page follows, not on the cursor's bytes.
 */
const comparable = (body: Record<string, unknown>): Record<string, unknown> =>
  typeof body.next_cursor === 'string' ? { ...body, next_cursor: 'a cursor' } : body;

/** The DTO each tool's route validates its body with (a bulk route validates each item with the second). */
const DTOS: Record<string, [object, object?]> = {
  enrich_person: [PersonEnrichDto],
  enrich_people_bulk: [BulkEnrichDto, PersonBulkItemDto],
  enrich_company: [CompanyEnrichDto],
  enrich_companies_bulk: [BulkEnrichDto, CompanyBulkItemDto],
  search_people: [SearchBodyDto],
  search_companies: [SearchBodyDto],
  discover_people: [DiscoverBodyDto],
  discover_companies: [DiscoverBodyDto],
  report_person_issue: [ReportRequestDto],
  report_company_issue: [ReportRequestDto],
  hash_email: [EmailHashRequestDto],
  clean_fields: [CleanRequestDto],
  list_build_changes: [BuildChangesQueryDto],
  get_usage: [UsageQueryDto],
  autocomplete: [AutocompleteQueryDto],
};
/**
 * The MCP server at /mcp with the SDK's own client over HTTP, against a listening gateway, a
 * search worker, a live build and the sandbox build: every tool, both protocol revisions, and
 * each tool call compared with the same request sent to its HTTP endpoint (mcp-billing: billing,
 * limits and access).
 */
describe('MCP server', () => {
  const s = sharedFixture(startMcpSuite, 180_000);

  describe('protocol', () => {
    it.each([MODERN, LEGACY] as const)(
      'serves a %s client the tools, the resources and a tool call',
      async (revision) => {
        const c = await s.connect(s.stack.apiKey, revision);
        expect(c.getNegotiatedProtocolVersion()).toBe(revision);
        expect(c.getProtocolEra()).toBe(revision === MODERN ? 'modern' : 'legacy');
        expect((await c.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
        expect((await c.listResources()).resources.map((r) => r.uri)).toEqual([
          'svc://search/columns/people',
          'svc://search/columns/companies',
          'svc://search/industries',
          'svc://sandbox/search/industries',
        ]);
        const res = await call(c, 'hash_email', { email: 'Jane.Doe+news@gmail.com' });
        expect(res.isError).toBe(false);
        expect(res.structured.normalized_email).toBe('janedoe@gmail.com');
        expect(JSON.parse((res.content[0] as { text: string }).text)).toEqual(res.structured);
      },
    );

    it('answers 401 in the service error shape without a key or with a bad one, before any MCP work', async () => {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      };
      for (const headers of [{}, { 'API-Key': 'svc_nope_nope' }] as Record<string, string>[]) {
        const res = await fetch(s.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify(initialize),
        });
        expect(res.status).toBe(401);
        const body = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(['details', 'error', 'message']);
        expect(body.error).toBe('unauthorized');
      }
      await expect(connectMcp(s.url, undefined)).rejects.toThrow(/401/);
    });

    it('refuses a foreign Origin or Host (DNS rebinding) with 403 forbidden', async () => {
      const res = await fetch(s.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'API-Key': s.stack.apiKey,
          origin: 'http://evil.example',
        },
        body: '{}',
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'forbidden', details: { header: 'Origin' } });
      const host = await s.stack.gateway.inject({
        method: 'POST',
        url: '/mcp',
        headers: { host: 'evil.example', 'api-key': s.stack.apiKey, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(host.statusCode).toBe(403);
      expect(host.json()).toMatchObject({ error: 'forbidden', details: { header: 'Host' } });
    });

    it('answers GET and DELETE with 405: it is stateless and keeps no stream or session', async () => {
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(s.url, {
          method,
          headers: { 'API-Key': s.stack.apiKey, accept: 'text/event-stream' },
        });
        expect(res.status).toBe(405);
      }
    });
  });

  describe('tools', () => {
    let document: OpenAPIObject;
    beforeAll(async () => {
      document = (await s.stack.gateway.inject({ method: 'GET', url: '/openapi.json' })).json();
    });

    it('take exactly what their route validates: the input schema is the DTO, through the OpenAPI document', async () => {
      const { tools } = await s.client.listTools();
      for (const tool of tools) {
        const spec = TOOLS.find((t) => t.name === tool.name)!;
        // A tool with path arguments (the job tools) calls a route chosen by them: mcp/mcp-jobs.e2e-spec checks it.
        if (spec.pathArguments) continue;
        if (spec.method === 'GET') {
          // A GET route takes no body: its query parameters, and the mirror's `sandbox`
          // (test/builds.e2e-spec.ts and builds-changes.e2e-spec.ts call them).
          const query = querySchema(document, spec.path);
          const { sandbox, ...own } = tool.inputSchema.properties ?? {};
          expect({ tool: tool.name, own, sandbox: sandbox !== undefined }).toEqual({
            tool: tool.name,
            own: query.properties,
            sandbox: spec.sandbox,
          });
          expect(tool.inputSchema.required ?? []).toEqual(query.required ?? []);
          const [dto] = DTOS[tool.name] ?? [];
          expect(Object.keys(own).sort()).toEqual(dto ? validatedProperties(dto) : []);
          expect(tool.description).toMatch(/Free/);
          continue;
        }
        const properties = tool.inputSchema.properties as Record<string, { items?: { properties: object } }>;
        const [dto, item] = DTOS[tool.name];
        const own = Object.keys(properties).filter((p) => p !== 'sandbox');
        expect({ tool: tool.name, properties: own.sort() }).toEqual({
          tool: tool.name,
          properties: validatedProperties(dto),
        });
        expect('sandbox' in properties).toBe(spec.sandbox);
        const body = bodySchema(document, spec.path);
        expect(tool.inputSchema.required ?? []).toEqual(body.required ?? []);
        for (const p of own.filter((name) => name !== 'requests'))
          expect({ p, schema: properties[p] }).toEqual({
            p,
            schema: (body.properties as Record<string, unknown>)[p],
          });
        if (item)
          expect(Object.keys(properties.requests.items!.properties).sort()).toEqual(
            validatedProperties(item),
          );
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.description).toMatch(/credit|Free/);
        expect(tool.description).toContain('Example');
      }
    });

    it('describe the searchable columns, the same catalog the resource gives', async () => {
      const { tools } = await s.client.listTools();
      const search = tools.find((t) => t.name === 'search_people')!;
      const read = await s.client.readResource({ uri: 'svc://search/columns/people' });
      const catalog = JSON.parse((read.contents[0] as { text: string }).text);
      expect(catalog.table).toBe('people');
      for (const column of catalog.columns) expect(search.description).toContain(column.name);
      expect(catalog.columns.find((c: { name: string }) => c.name === 'skills')).toMatchObject({
        kind: 'cross-table',
      });
      expect(catalog.columns.find((c: { name: string }) => c.name === 'seniority_level').values).toContain(
        'vp',
      );
    });
  });

  describe('every tool, live and sandbox, answers what its endpoint answers', () => {
    const cases: Array<[string, string, () => object]> = [
      ['enrich_person', '/person/enrich', () => ({ email: s.live.email })],
      ['enrich_person', '/sandbox/person/enrich', () => ({ svc_id: SANDBOX_PERSON.svc_id })],
      [
        'enrich_people_bulk',
        '/person/enrich/bulk',
        () => ({ requests: [{ email: s.live.email, metadata: { row: 1 } }] }),
      ],
      [
        'enrich_people_bulk',
        '/sandbox/person/enrich/bulk',
        () => ({ requests: [{ svc_id: SANDBOX_PERSON.svc_id }] }),
      ],
      ['enrich_company', '/company/enrich', () => ({ svc_id: s.live.company })],
      ['enrich_company', '/sandbox/company/enrich', () => ({ svc_id: SANDBOX_COMPANY.svc_id })],
      ['enrich_companies_bulk', '/company/enrich/bulk', () => ({ requests: [{ svc_id: s.live.company }] })],
      [
        'enrich_companies_bulk',
        '/sandbox/company/enrich/bulk',
        () => ({ requests: [{ svc_id: SANDBOX_COMPANY.svc_id }] }),
      ],
      [
        'search_people',
        '/person/search',
        () => ({ query: `SELECT * FROM people WHERE city = '${s.live.city}'`, limit: 5 }),
      ],
      [
        'search_people',
        '/sandbox/person/search',
        () => ({ query: "SELECT * FROM people WHERE full_name ILIKE '%a%'" }),
      ],
      [
        'search_companies',
        '/company/search',
        () => ({ query: `SELECT * FROM companies WHERE industry = '${s.live.industry}'` }),
      ],
      [
        'search_companies',
        '/sandbox/company/search',
        () => ({ query: "SELECT * FROM companies WHERE name_cleaned ILIKE '%e%'" }),
      ],
      ['discover_people', '/person/discover', () => ({ query: `people in ${s.live.city}`, limit: 5 })],
      [
        'discover_people',
        '/sandbox/person/discover',
        () => ({ query: 'software engineers in san francisco' }),
      ],
      ['discover_companies', '/company/discover', () => ({ query: `${s.live.industry} companies` })],
      ['discover_companies', '/sandbox/company/discover', () => ({ query: 'healthcare startups' })],
      ['hash_email', '/utility/hash/email', () => ({ email: 'Jane.Doe+news@gmail.com' })],
      ['clean_fields', '/utility/clean', () => ({ fields: { phone: '(415) 555-0173', state: 'Calif.' } })],
    ];

    it.each(cases)('%s → POST %s', async (tool, path, args) => {
      const sandbox = path.startsWith('/sandbox/');
      const before = await s.balance();
      const viaHttp = await s.http(path, args());
      expect(viaHttp.statusCode).toBe(200);
      const spent = before - (await s.balance());
      const res = await call(s.client, tool, { ...args(), ...(sandbox ? { sandbox: true } : {}) });
      expect(res.isError).toBe(false);
      expect(comparable(res.structured)).toEqual(comparable(viaHttp.json()));
      expect(res.http.status).toBe(200);
      expect(res.http.headers['x-credits-charged']).toBe(viaHttp.headers['x-credits-charged']);
      expect(res.http.headers['total-count-status']).toBe(viaHttp.headers['total-count-status']);
      expect(before - spent * 2).toBe(await s.balance());
      if (sandbox) expect(spent).toBe(0);
      if (!sandbox && tool !== 'hash_email' && tool !== 'clean_fields')
        expect(res.http.headers['x-credits-charged']).toMatch(/^[1-9]\d*$/);
    });

    it.each([
      ['report_person_issue', '/utility/report/person', () => ({ svc_id: s.live.person })],
      ['report_company_issue', '/utility/report/company', () => ({ svc_id: s.live.company })],
    ])('%s → POST %s stores a report, free', async (tool, path, subject) => {
      const args = { ...subject(), issue_type: 'outdated', issue_level: 'record', comment: 'moved on' };
      const before = await s.balance();
      const viaHttp = (await s.http(path, args)).json();
      const res = await call(s.client, tool, args);
      expect(res.isError).toBe(false);
      const { report_id: a, created_at: _a, ...mcp } = res.structured as Record<string, unknown>;
      const { report_id: b, created_at: _b, ...rest } = viaHttp;
      expect(mcp).toEqual(rest);
      expect(a).toBeGreaterThan(b as number);
      expect(await s.balance()).toBe(before);
    });
  });

  describe('errors a model can correct', () => {
    it.each([
      ['enrich_person', {}, 'minimum_requirements_not_met'],
      ['enrich_person', { emial: 'jane@example.com' }, 'validation_failed'],
      ['search_people', { query: "SELECT * FROM people WHERE skils ILIKE '%go%'" }, 'invalid_query'],
      ['hash_email', { email: 'not an email' }, 'invalid_email'],
      ['hash_email', { email: 'jane@example.com', sandbox: true }, 'validation_failed'],
      ['list_build_changes', { from: 'latest', to: '1.0.0_2026-11-21' }, 'validation_failed'],
      ['list_build_changes', { from: '1.0.0_2026-11-21', to: '9.9.9_2026-12-09' }, 'not_found'],
      [
        'report_person_issue',
        { svc_id: 'nobody', issue_type: 'outdated', issue_level: 'record', comment: 'x' },
        'validation_failed',
      ],
    ])('%s %j is a tool error %s with the endpoint’s body', async (tool, args, error) => {
      const res = await call(s.client, tool, args);
      expect(res.isError).toBe(true);
      expect(res.structured.error).toBe(error);
      expect(typeof res.structured.message).toBe('string');
      expect('details' in res.structured).toBe(true);
      expect(JSON.parse((res.content[0] as { text: string }).text)).toEqual(res.structured);
    });

    it('names the tools when asked for one that does not exist', async () => {
      await expect(call(s.client, 'enrich_everyone', {})).rejects.toThrow(/enrich_person/);
    });

    it('matches what the endpoint answers for the same bad request', async () => {
      const args = { query: "SELECT * FROM people WHERE age > '30'" };
      const viaHttp: LightMyRequestResponse = await s.http('/person/search', args);
      expect((await call(s.client, 'search_people', args)).structured).toEqual(viaHttp.json());
    });
  });

  describe('resources', () => {
    it('list the industries of the served builds, as stored', async () => {
      const read = async (uri: string) =>
        JSON.parse(((await s.client.readResource({ uri })).contents[0] as { text: string }).text);
      const distinct = async (table: string, field: string, build: string) =>
        (
          await s.sql<{ v: string }>(
            `SELECT DISTINCT record->>'${field}' v FROM ${table} WHERE build_id = $1 AND record->>'${field}' IS NOT NULL ORDER BY 1`,
            [build],
          )
        ).map((r) => r.v);
      const liveIndustries = await read('svc://search/industries');
      expect(liveIndustries.companies.values).toEqual(
        await distinct('company_records', 'industry', TEST_BUILD),
      );
      expect(liveIndustries.people.values).toEqual(
        await distinct('person_records', 'company_industry', TEST_BUILD),
      );
      expect(liveIndustries.companies.values).toContain(s.live.industry);
      const [{ id: sandboxBuild }] = await s.sql<{ id: string }>(
        `SELECT id FROM builds WHERE is_sandbox AND is_active`,
      );
      const sandbox = await read('svc://sandbox/search/industries');
      expect(sandbox.companies.values).toEqual(await distinct('company_records', 'industry', sandboxBuild));
    });

    it('come from a worker that checks the request like any search payload', async () => {
      const nats = await connectNats({ servers: s.env.config.nats.url });
      try {
        const subject = natsSubject(s.env.config.nats.subjectPrefix, SEARCH_PATTERNS.industries);
        const codec = JSONCodec();
        const msg = await nats.request(
          subject,
          codec.encode({ pattern: subject, data: { kind: 'staging' }, id: 't' }),
          {
            timeout: 5000,
          },
        );
        const reply = codec.decode(msg.data) as { err?: { error: string; details: { field: string }[] } };
        expect(reply.err?.error).toBe('validation_failed');
        expect(reply.err?.details.map((d) => d.field)).toEqual(['kind']);
      } finally {
        await nats.close();
      }
    });
  });
});
