import type { PersonRecord } from '@app/contracts';
import { jobsHarness, type JobView, type JobsHarness, type ResultLine } from './harness';

const ITEMS = 10_000;

/**
 * The measure: a 10,000-item job over a build in the network's current vocabulary
 * (words our tables were not written from) answers, item for item, what the synchronous bulk
 * endpoint answers, and its progress moves while it runs. The same at 1M people is in bench/jobs.
 */
describe('a 10,000-item job', () => {
  let h: JobsHarness;

  beforeAll(async () => {
    h = await jobsHarness({ people: 2500, companies: 200, seed: 31, vocabulary: 'current' });
  }, 300000);
  afterAll(async () => h?.close());

  /** Emails (most), names with a city or an employer, and misses: the mixes a CRM export holds. */
  function requests(): Record<string, unknown>[] {
    const emails = h.people.filter((p) => p.emails.length > 0);
    const named = h.people.filter((p) => p.city || p.company_name);
    return Array.from({ length: ITEMS }, (_, i) => {
      if (i % 10 === 9) return { email: `missing-${i}@nowhere.example`, metadata: { row: i } };
      if (i % 3 === 2) {
        const p: PersonRecord = named[i % named.length];
        return {
          full_name: p.full_name,
          ...(p.city ? { city: p.city } : { company: p.company_name }),
          metadata: { row: i },
        };
      }
      return { email: emails[i % emails.length].emails[0].address, metadata: { row: i } };
    });
  }

  it('completes with results equal to the synchronous answers, its progress moving', async () => {
    const items = requests();
    const res = await h.createJob('/person/enrich/jobs', { requests: items });
    expect(res.statusCode).toBe(202);
    const id = res.json().id as string;
    const seen: JobView[] = [];
    const done = await h.waitFor(
      id,
      (job) => {
        seen.push(job);
        return ['completed', 'failed', 'canceled'].includes(job.status);
      },
      600_000,
    );
    expect(done.status).toBe('completed');
    expect(done.counts.done).toBe(ITEMS);
    const progress = seen.map((j) => j.counts.done);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
    expect(new Set(progress.filter((n) => n > 0 && n < ITEMS)).size).toBeGreaterThan(1);

    const lines = await h.results(id);
    expect(lines.map((l) => l.index)).toEqual(items.map((_, i) => i));
    const sync = await h.syncResults('/person/enrich/bulk', items);
    const jobAnswers = lines.map(({ index: _, ...rest }: ResultLine) => rest);
    for (let i = 0; i < ITEMS; i++)
      if (JSON.stringify(jobAnswers[i]) !== JSON.stringify(sync[i])) {
        expect({ item: i, answer: jobAnswers[i] }).toEqual({ item: i, answer: sync[i] });
      }
    const statuses = new Set(lines.map((l) => l.status));
    expect(statuses).toEqual(new Set([200, 404]));
    const matches = lines.reduce((n, l) => n + (l.matches?.length ?? 0), 0);
    expect(done.credits_charged).toBe(matches);
    expect(done.counts.matched).toBe(lines.filter((l) => l.status === 200).length);
  }, 900000);
});
