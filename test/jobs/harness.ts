import { gunzipSync, gzipSync } from 'node:zlib';
import { connect } from 'nats';
import type { AppConfig } from '@app/config';
import type { LightMyRequestResponse } from 'fastify';
import { enrichHarness, type EnrichData, type EnrichHarness } from '../enrich/harness';

/** What a job's status endpoint answers. */
export interface JobView {
  id: string;
  entity: string;
  sandbox: boolean;
  status: string;
  counts: { items: number; done: number; matched: number; not_found: number; errors: number };
  credits_charged: number;
  failure: { error: string; message: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  status_url: string;
  results_url: string;
  webhook_url: string | null;
}

export interface ResultLine {
  index: number;
  status: number;
  metadata?: Record<string, unknown>;
  matches?: unknown[];
  total?: number;
  error?: { error: string; message: string };
}

export interface JobsHarness extends EnrichHarness {
  /** POSTs a job body: an object as JSON, or text/bytes with its content type. */
  createJob(path: string, body: unknown, opts?: UploadOptions): Promise<LightMyRequestResponse>;
  job(id: string, key?: string): Promise<JobView>;
  /** Polls the job until `until` holds (default: finished), failing after `timeoutMs`. */
  waitFor(id: string, until?: (job: JobView) => boolean, timeoutMs?: number, key?: string): Promise<JobView>;
  results(id: string, key?: string): Promise<ResultLine[]>;
  /** The synchronous bulk endpoint's answers for the same items, 100 at a time. */
  syncResults(path: string, items: readonly Record<string, unknown>[], defaults?: object): Promise<unknown[]>;
}

export interface UploadOptions {
  contentType?: string;
  gzip?: boolean;
  key?: string;
  query?: Record<string, string>;
}

export const finished = (job: JobView) => ['completed', 'failed', 'canceled'].includes(job.status);

/** An enrichment world whose gateway runs jobs; close() also removes the suite's queue stream. */
export async function jobsHarness(opts: EnrichData = {}): Promise<JobsHarness> {
  const h = await enrichHarness({
    ...opts,
    env: {
      JOB_RUNNER: 'on',
      RATE_LIMIT_JOBS_PER_MINUTE: '1000',
      RATE_LIMIT_BULK_PER_MINUTE: '100000',
      ...opts.env,
    },
  });
  const key = h.team.key;
  const harness: JobsHarness = {
    ...h,
    createJob(path, body, o = {}) {
      let payload: Buffer =
        typeof body === 'string' || Buffer.isBuffer(body)
          ? Buffer.from(body)
          : Buffer.from(JSON.stringify(body));
      if (o.gzip) payload = gzipSync(payload);
      return h.request({
        method: 'POST',
        url: path,
        query: o.query,
        headers: {
          'api-key': o.key ?? key,
          'content-type': o.contentType ?? 'application/json',
          ...(o.gzip ? { 'content-encoding': 'gzip' } : {}),
        },
        payload,
      });
    },
    async job(id, k = key) {
      const res = await h.get(`/jobs/${id}`, {}, k);
      if (res.statusCode !== 200) throw new Error(`GET /jobs/${id}: ${res.statusCode} ${res.body}`);
      return res.json<JobView>();
    },
    async waitFor(id, until = finished, timeoutMs = 120_000, k = key) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await harness.job(id, k);
        if (until(job)) return job;
        if (Date.now() > deadline)
          throw new Error(`job ${id} still ${job.status} (${JSON.stringify(job.counts)})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async results(id, k = key) {
      const res = await h.request({ method: 'GET', url: `/jobs/${id}/results`, headers: { 'api-key': k } });
      if (res.statusCode !== 200) throw new Error(`results of ${id}: ${res.statusCode} ${res.body}`);
      expect(res.headers['content-type']).toBe('application/gzip');
      return gunzipSync(res.rawPayload)
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as ResultLine);
    },
    async syncResults(path, items, defaults = {}) {
      const out: unknown[] = [];
      for (let i = 0; i < items.length; i += 100) {
        const res = await h.post(path, { ...defaults, requests: items.slice(i, i + 100) });
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
        out.push(...res.json<{ results: unknown[] }>().results);
      }
      return out;
    },
    async close() {
      try {
        await h.close();
      } finally {
        await deleteQueueStream(h.env.config);
      }
    },
  };
  return harness;
}

/** The suite's JetStream stream (JobQueue names it `<subject prefix>_jobs`), if it made one. */
export async function deleteQueueStream(config: AppConfig): Promise<void> {
  const nc = await connect({ servers: config.nats.url.split(','), timeout: 5000 });
  try {
    const jsm = await nc.jetstreamManager({ timeout: 5000 });
    await jsm.streams.delete(`${config.nats.subjectPrefix}_jobs`).catch(() => false);
  } finally {
    await nc.close();
  }
}
