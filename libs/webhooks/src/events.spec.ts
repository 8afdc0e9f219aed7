import { eventBody, jobEvent, newMessageId, WEBHOOK_EVENT_TYPES } from './events';

describe('job events', () => {
  const counts = { items: 10, done: 10, matched: 7, not_found: 2, errors: 1 };
  const at = new Date('2025-01-02T03:04:05.000Z');

  it.each(WEBHOOK_EVENT_TYPES)('builds a thin %s payload', (type) => {
    expect(jobEvent(type, { jobId: 'job_1', counts, creditsCharged: 7 }, at)).toEqual({
      type,
      timestamp: '2025-01-02T03:04:05.000Z',
      data: { job_id: 'job_1', status: type.slice(4), counts, credits_charged: 7 },
    });
  });

  it('keeps only ids and counts, whatever the caller passes', () => {
    const job = {
      jobId: 'job_1',
      counts: { ...counts, records: [{ email: 'a@b.c' }] },
      creditsCharged: 0,
      team: { secret: 'x' },
    };
    const body = eventBody(jobEvent('job.failed', job, at));
    expect(body).not.toContain('a@b.c');
    expect(body).not.toContain('secret');
    expect(Object.keys(JSON.parse(body).data.counts)).toEqual([
      'items',
      'done',
      'matched',
      'not_found',
      'errors',
    ]);
  });

  it.each([-1, 1.5, NaN, Infinity])('refuses a count of %p', (bad) => {
    expect(() =>
      jobEvent('job.paused', { jobId: 'job_1', counts: { ...counts, errors: bad }, creditsCharged: 0 }, at),
    ).toThrow(RangeError);
    expect(() => jobEvent('job.paused', { jobId: 'job_1', counts, creditsCharged: bad }, at)).toThrow(
      RangeError,
    );
  });

  it('refuses an empty job id', () => {
    expect(() => jobEvent('job.completed', { jobId: '', counts, creditsCharged: 0 }, at)).toThrow(RangeError);
  });

  it('makes unique msg_ ids', () => {
    const ids = new Set(Array.from({ length: 100 }, newMessageId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-f-]{36}$/);
  });
});
