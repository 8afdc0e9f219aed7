import type { ToolSpec } from './tool-spec';

/**
 * The bulk-enrichment job tools (docs/bulk-jobs.md). One creation tool for both entities: the
 * `entity` argument picks the route, as `sandbox` picks its mirror, so a model sees one tool per
 * operation. Results are not a tool: they are a gzipped JSONL file, which an MCP answer (JSON)
 * cannot carry, so the job names the URL to download them from.
 */
export const JOB_TOOLS: readonly ToolSpec[] = [
  {
    name: 'create_enrichment_job',
    title: 'Enrich up to 10,000 people or companies as a background job',
    path: '/{entity}/enrich/jobs',
    pathArguments: {
      entity: {
        type: 'string',
        enum: ['person', 'company'],
        description: 'person: each item takes the enrich_person arguments; company: the enrich_company ones.',
      },
    },
    sandbox: true,
    readOnly: false,
    output: 'document',
    description: [
      'Start a job that enriches 1-10,000 records in the background: entity is person or company; requests is an array of objects that each take the enrich_person (or enrich_company) arguments, without sandbox, plus an optional metadata object echoed back in its result. Shaping arguments at the top level are defaults for every item. It answers at once with the job (status queued, id, results_url); follow it with get_enrichment_job.',
      'Use it for more than 100 records; for up to 100 use enrich_people_bulk or enrich_companies_bulk, which answer at once.',
      'The whole job is checked first: if any item is bad, the job is refused (422 validation_failed, details.problems gives each bad item index and reason) and nothing is stored or charged.',
      'Cost: creating the job is free; one credit per returned match is charged as each chunk of 100 items completes (credits_charged). A live job needs credits to start (402); when they run out it pauses (paused_insufficient_credits) and resumes once credits are added; when the API key reaches its daily or monthly spend cap it pauses (paused_key_cap_reached) and resumes once the cap resets.',
      'Rate limit: 10 creations per minute (RATE_LIMIT_JOBS_PER_MINUTE) and at most 5 active jobs per team; past either, 429 rate_limited.',
      'webhook_url (optional) receives signed job.completed, job.failed and job.paused events; it needs the team webhook secret (POST /webhooks/secret), else 409.',
      'Example: {"entity": "person", "requests": [{"email": "jane.doe@example.com", "metadata": {"row": 1}}, {"full_name": "John Roe", "company": "acme.com"}], "include_fields": "full_name,job_title"}.',
      'Pass sandbox: true to run the same job on the fictional sandbox records, free.',
    ].join('\n'),
  },
  {
    name: 'get_enrichment_job',
    title: 'Get an enrichment job',
    path: '/jobs/{id}',
    pathArguments: {
      id: { type: 'string', format: 'uuid', description: 'The id create_enrichment_job answered.' },
    },
    method: 'GET',
    sandbox: false,
    readOnly: true,
    output: 'document',
    description: [
      'A job of your team: status (queued, running, paused_insufficient_credits, paused_key_cap_reached, completed, failed, canceled), counts (items, done, matched, not_found, errors), credits_charged so far, and its created/started/finished times. Call it again until status is completed, failed or canceled.',
      'Results are not returned here: download them over HTTP from results_url with the same API-Key header (gzipped JSONL, one line per item in item order: index, status, metadata, matches, total or error). While the job runs, the file holds the items done so far.',
      'Free. A job of another team answers 404 not_found, like one that does not exist.',
      'Example: {"id": "0b7e4c52-3f7a-4d0e-9a54-2f7f3c1d9e10"}.',
    ].join('\n'),
  },
];
