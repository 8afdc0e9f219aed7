import {
  CONFIDENCE_VALUES,
  DEFAULT_CHANGES_PAGE_SIZE,
  type Entity,
  MAX_CHANGES_PAGE_SIZE,
} from '@app/contracts';
import { EVIDENCE_OUTCOMES } from '@app/matching';
import { JOB_TOOLS } from './job-tools';
import { describeCatalog } from './search-catalog';
import type { ToolSpec } from './tool-spec';

type JsonSchema = Record<string, unknown>;
export type { PathArgument, ToolSpec } from './tool-spec';

/** The argument that picks the sandbox mirror; it is not part of the route's body. */
export const SANDBOX_ARGUMENT = 'sandbox';

const ERROR_BODY: JsonSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' }, details: {} },
  required: ['error', 'message'],
};
const matches = (entity: Entity): JsonSchema => ({
  type: 'array',
  description: `Each element is {${entity}: record}.`,
  items: { type: 'object', properties: { [entity]: { type: 'object' } }, required: [entity] },
});
/** MatchMetadataDto by hand: enrichment routes document no output the tools could take (docs/mcp.md). */
const MATCH_METADATA: JsonSchema = {
  type: 'object',
  properties: {
    matched_on: { type: 'array', items: { type: 'string' } },
    match_type: { type: 'string' },
    match_confidence: { enum: [...CONFIDENCE_VALUES] },
    evidence: {
      type: 'array',
      description:
        'Why the record was returned at its confidence: per compared request field, the comparison, its outcome (agreed, disagreed, unknown: the record holds no value to compare), the level reached and the bits it added; the weights sum to the match weight. exclude_fields "match_metadata.evidence" leaves it out.',
      items: {
        type: 'object',
        properties: {
          field: { type: 'string' },
          comparison: { type: ['string', 'null'] },
          outcome: { enum: [...EVIDENCE_OUTCOMES] },
          level: { type: ['string', 'null'] },
          weight: { type: 'number' },
        },
        required: ['field', 'comparison', 'outcome', 'level', 'weight'],
      },
    },
  },
  required: ['matched_on', 'match_type', 'match_confidence'],
};
const enrichMatches = (entity: Entity): JsonSchema => ({
  type: 'array',
  description: `Each element is {${entity}: record, match_metadata: {matched_on, match_type, match_confidence, evidence}}.`,
  items: {
    type: 'object',
    properties: { [entity]: { type: 'object' }, match_metadata: MATCH_METADATA },
    required: [entity, 'match_metadata'],
  },
});
const total: JsonSchema = {
  type: 'integer',
  description: 'How many records match in all (not only this page).',
};
const enrichOutput = (entity: Entity): JsonSchema => ({
  type: 'object',
  properties: {
    matches: enrichMatches(entity),
    total,
  },
  required: ['matches', 'total'],
});
const bulkOutput = (entity: Entity): JsonSchema => ({
  type: 'object',
  properties: {
    results: {
      type: 'array',
      description:
        'One result per request, in order: status 200 with matches, or the status and error the single call would answer.',
      items: {
        type: 'object',
        properties: {
          status: { type: 'integer' },
          metadata: { type: 'object' },
          matches: enrichMatches(entity),
          total,
          error: ERROR_BODY,
        },
        required: ['status'],
      },
    },
  },
  required: ['results'],
});
const nextCursor: JsonSchema = {
  type: ['string', 'null'],
  description:
    'Pass it back as cursor (with the same query) for the next page; null when this page is the last. Expires after 120 s idle by default.',
};
const searchOutput = (entity: Entity): JsonSchema => ({
  type: 'object',
  properties: { matches: matches(entity), total, next_cursor: nextCursor },
  required: ['matches', 'total', 'next_cursor'],
});
const discoverOutput = (entity: Entity): JsonSchema => ({
  type: 'object',
  properties: {
    matches: matches(entity),
    total,
    next_cursor: nextCursor,
    generated_query: { type: 'string', description: 'The SQL-subset query the description became.' },
    interpretation: {
      type: 'object',
      description:
        'What was recognised, unsupported and ignored in the description; not_in_build: values the query names that the served build does not store (a filter on one finds no one by it); produced_by (parser or model) and, when a configured model was not used, fallback_reason (model_timeout, model_error, model_invalid_answer, model_budget_exhausted).',
    },
  },
  required: ['matches', 'total', 'next_cursor', 'generated_query'],
});

const LIVE_OR_SANDBOX =
  'Pass sandbox: true to run the same request on five fictional records, free (to try a request without spending credits).';
const PAGING =
  "To read past the first page (or past 10,000 rows), send the answer's next_cursor as cursor with the same query and no offset; next_cursor is null on the last page. A cursor expires after 120 s idle (400 cursor_expired: start again); another query's cursor is 400 invalid_cursor.";
const SHAPING = 'Shape records with include_fields / exclude_fields (comma-separated paths) and titlecase.';

const searchTool = (entity: Entity, name: string, plural: string, example: string): ToolSpec => ({
  name,
  title: `Search ${plural} with SQL`,
  path: `/${entity}/search`,
  sandbox: true,
  readOnly: true,
  output: searchOutput(entity),
  description: [
    `Find ${plural} with a restricted SQL statement: query is \`SELECT * FROM ${entity === 'person' ? 'people' : 'companies'} WHERE <condition>\` (AND, OR, NOT, parentheses; text values in single quotes, an apostrophe doubled; no LIMIT/OFFSET: use limit 1-100 and offset 0-10000).`,
    PAGING,
    'Use it when you know the filters (title, city, industry, size...); for a plain-language description use the discover tool, for one known record the enrich tool.',
    'Cost: one credit per returned match (an empty page costs nothing, as does a filter on an industry the data does not hold); agent keys need an enterprise-tier team.',
    'Text is stored lowercase: run clean_fields on user input first. Combine a cross-table filter with a selective one (a name, title or city) or it may time out. An error names the line, column and token and how to fix it.',
    `Columns and the operators they take (the resource svc://search/columns/${entity === 'person' ? 'people' : 'companies'} lists them as JSON; svc://search/industries lists the stored industries):`,
    describeCatalog(entity),
    `Example: {"query": "${example}", "limit": 10}.`,
    LIVE_OR_SANDBOX,
    SHAPING,
  ].join('\n'),
});

const discoverTool = (entity: Entity, name: string, plural: string, example: string): ToolSpec => ({
  name,
  title: `Discover ${plural} from a description`,
  path: `/${entity}/discover`,
  sandbox: true,
  readOnly: true,
  output: discoverOutput(entity),
  description: [
    `Find ${plural} from a plain-language description (3-1000 characters): roles, seniority, places, employers, industries, sizes, skills... The answer includes generated_query (the SQL it became, reusable with the search tool) and interpretation (what was understood and ignored).`,
    'Use it to start from a description; refine with the search tool and generated_query when you need exact filters.',
    PAGING,
    'Cost: one credit per returned match. Rate limit: 60 requests per minute. Where a model helps read descriptions, each key has a per-minute model budget; past it the parser answers alone (interpretation.fallback_reason: model_budget_exhausted).',
    `Example: {"query": "${example}", "limit": 10}.`,
    'With sandbox: true (free) only three fixed descriptions per entity are answered on fictional records; any other answers 400 invalid_query listing them (details.supported_queries).',
    SHAPING,
  ].join('\n'),
});

const enrichTool = (entity: Entity, name: string, identifiers: string, example: string): ToolSpec => ({
  name,
  title: `Enrich one ${entity}`,
  path: `/${entity}/enrich`,
  sandbox: true,
  readOnly: true,
  output: enrichOutput(entity),
  description: [
    `Match one ${entity} and return the full record (100+ fields) with match_metadata. Identify by ${identifiers}.`,
    'Use it when you have identifiers for one specific record; use the search or discover tools to find several.',
    'Cost: one credit per returned match (no match: matches [], free). multiple_results (up to size 1-10 matches) needs an enterprise-tier team.',
    'Filter with min_confidence (high|moderate|low) and required_fields (e.g. "work_email,phones.type:mobile").',
    `Example: ${example}.`,
    LIVE_OR_SANDBOX,
    SHAPING,
  ].join('\n'),
});

const bulkTool = (entity: Entity, name: string, single: string): ToolSpec => ({
  name,
  title: `Enrich up to 100 ${entity === 'person' ? 'people' : 'companies'}`,
  path: `/${entity}/enrich/bulk`,
  sandbox: true,
  readOnly: true,
  output: bulkOutput(entity),
  description: [
    `Run up to 100 ${single} requests at once: requests is an array of objects that each take the ${single} arguments (without sandbox) plus an optional metadata object echoed back. Each result has its own status; a bad item fails alone.`,
    'Shaping arguments at the top level are defaults for every item.',
    'Cost: one credit per returned match over all items. Rate limit: 60 requests per minute.',
    `Example: {"requests": [{"email": "jane.doe@example.com", "metadata": {"row": 1}}, {"svc_id": "..."}]}.`,
    LIVE_OR_SANDBOX,
  ].join('\n'),
});

const reportTool = (entity: Entity, name: string): ToolSpec => ({
  name,
  title: `Report a ${entity} data issue`,
  path: `/utility/report/${entity}`,
  sandbox: false,
  readOnly: false,
  output: 'document',
  description: [
    `Report that a ${entity} record of the live data is wrong, so it is reviewed. Free; rate limit 50 requests per minute.`,
    `svc_id names the record; issue_type is incorrect | outdated | misattributed | frankenstein | ${entity === 'person' ? 'not_a_real_person | ' : ''}duplicate; issue_level is record (no field), group (field is a group such as ${entity === 'person' ? 'experience' : 'firmographics'}) or field (field is a response field such as ${entity === 'person' ? 'job_title' : 'industry'}); give correct_value or comment (or both).`,
    `Example: {"svc_id": "...", "issue_type": "outdated", "issue_level": "field", "field": "${entity === 'person' ? 'job_title' : 'industry'}", "observed_value": "...", "correct_value": "..."}.`,
    'A combination that does not apply answers 422 with the reason.',
  ].join('\n'),
});

/** Every tool, in the order tools/list shows them. */
export const TOOLS: readonly ToolSpec[] = Object.freeze([
  enrichTool(
    'person',
    'enrich_person',
    'one primary identifier (email, email_hash, phone, social_url, netx_id, svc_id) or a name (full_name, or first_name/last_name) plus context (city, state, country, postal_code, address, company, school, job_title, birth_date)',
    '{"email": "jane.doe@example.com"} or {"full_name": "Jane Doe", "company": "acme.com", "city": "Austin"}',
  ),
  bulkTool('person', 'enrich_people_bulk', 'enrich_person'),
  enrichTool(
    'company',
    'enrich_company',
    'name, website or domain, netx_url, netx_id, social_url, ticker or svc_id',
    '{"website": "https://acme.com"} or {"ticker": "NASDAQ:ACME"}',
  ),
  bulkTool('company', 'enrich_companies_bulk', 'enrich_company'),
  ...JOB_TOOLS,
  searchTool(
    'person',
    'search_people',
    'people',
    "SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = 'san francisco'",
  ),
  searchTool(
    'company',
    'search_companies',
    'companies',
    "SELECT * FROM companies WHERE industry = 'software development' AND svc_employee_count > 500",
  ),
  discoverTool('person', 'discover_people', 'people', 'senior data engineers in berlin who worked at a bank'),
  discoverTool(
    'company',
    'discover_companies',
    'companies',
    'fintech companies in london with more than 200 employees',
  ),
  {
    name: 'autocomplete',
    title: 'Suggest stored values of a field',
    path: '/autocomplete',
    method: 'GET',
    sandbox: true,
    readOnly: true,
    output: 'document',
    description: [
      'Suggest the values the data stores for a field, most frequent first, each with how many records hold it: field is company, title, industry, school, skill, city, state, country or language (people; entity "company": company or industry of companies); text is what to complete, matched at the start of the value or of any word in it, ignoring case and accents ("eng" finds "software engineer"); empty text gives the most frequent values; size 1-100 (default 10).',
      "Use it to turn a user's words into exact filter values before search_people / search_companies: the answer names the column to filter on (column) and each value as stored.",
      'Free; rate limit 1,200 requests per minute (RATE_LIMIT_AUTOCOMPLETE_PER_MINUTE).',
      'Example: {"field": "title", "text": "eng", "size": 5}.',
      LIVE_OR_SANDBOX,
    ].join('\n'),
  },
  reportTool('person', 'report_person_issue'),
  reportTool('company', 'report_company_issue'),
  {
    name: 'hash_email',
    title: 'Hash an email address',
    path: '/utility/hash/email',
    sandbox: false,
    readOnly: true,
    output: 'document',
    description: [
      'Normalize an email (lowercase, Gmail dots and plus tags removed) and return its SHA-256, SHA-1 and MD5 hashes; send a hash as email_hash to enrich_person to match without sharing the address.',
      'Free; rate limit 100 requests per minute. An invalid address answers 400 invalid_email.',
      'Example: {"email": "Jane.Doe+news@gmail.com"}.',
    ].join('\n'),
  },
  {
    name: 'clean_fields',
    title: 'Clean and normalize input fields',
    path: '/utility/clean',
    sandbox: false,
    readOnly: true,
    output: 'document',
    description: [
      'Normalize values the way the data stores them: email, phone (E.164, read in default_region), names, state, country, social_url, school, domain, company, company page URL, ticker_symbol. Each result says whether the value was recognized.',
      'Use it before search (search compares against stored, normalized values); enrichment cleans its own input. Free.',
      'Example: {"fields": {"phone": "(415) 555-0173", "state": "Calif.", "company": "Acme, Inc."}, "default_region": "US"}.',
    ].join('\n'),
  },
  {
    name: 'list_builds',
    title: 'List the stored data builds',
    path: '/builds',
    method: 'GET',
    sandbox: true,
    readOnly: true,
    output: 'document',
    description: [
      'List the stored data builds (newest first, at most 1,000): build id, whether it is the active (served) build, its people and companies counts, when it was loaded and when it last became active (null if never).',
      'Use it to know which build answers and how large it is. Free; takes no arguments.',
      'Example: {} (or {"sandbox": true} for the sandbox builds).',
    ].join('\n'),
  },
  {
    name: 'list_build_changes',
    title: 'List what changed between two data builds',
    path: '/builds/changes',
    method: 'GET',
    sandbox: true,
    readOnly: true,
    output: 'document',
    description: [
      `The changelog from build \`from\` to build \`to\` (two stored builds of one kind, named as list_builds names them) for one entity (person by default): each record added, deleted, or updated with the top-level fields that changed, in svc_id order, a page at a time.`,
      `Use it to refresh a copy of the data: re-fetch the updated and added records, drop the deleted ones. Pages hold at most \`size\` changes (default ${DEFAULT_CHANGES_PAGE_SIZE}, at most ${MAX_CHANGES_PAGE_SIZE}) and may hold fewer, even none, before the last: call again with \`cursor\` set to next_cursor, the other arguments unchanged, until next_cursor is null.`,
      'Free. An unknown build is 404, a build still loading or failed 409, a cursor from another request 400.',
      'Example: {"from": "1.0.0_2026-12-01", "to": "1.1.0_2026-12-08", "entity": "company", "size": 500}.',
    ].join('\n'),
  },
  {
    name: 'get_usage',
    title: "Read your team's usage",
    path: '/usage',
    method: 'GET',
    sandbox: false,
    readOnly: true,
    output: 'document',
    description: [
      "Your team's credits charged, matches, requests and errors (answers of status 400 or more) in a window, per UTC day, per endpoint name (an MCP tool's calls are mcp:<tool>) or per API key, with totals.",
      'Use it to see what has been spent and where before spending more. Free.',
      '`from` and `to` are dates (a whole UTC day each, both included) or timestamps with their offset (to excluded); default the last 30 days, at most 366. group_by: day (default), endpoint or key.',
      'Example: {"from": "2026-11-01", "to": "2026-11-30", "group_by": "endpoint"}.',
    ].join('\n'),
  },
]);

export const TOOL_BY_NAME: ReadonlyMap<string, ToolSpec> = new Map(TOOLS.map((t) => [t.name, t]));
