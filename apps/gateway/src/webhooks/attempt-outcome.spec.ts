import { DestinationRefusal } from '@app/webhooks';
import { judgeAttempt, withinSchedule } from './attempt-outcome';

const schedule = [0, 100, 100];
const mid = () => 0.5;

describe('judgeAttempt', () => {
  it('a 2xx is delivered with its status and no error', () => {
    const v = judgeAttempt(1, { kind: 'response', status: 204, ok: true, durationMs: 3 }, schedule);
    expect(v).toEqual({ step: { action: 'delivered' }, status: 204, error: null });
  });

  it('a 500 retries on the schedule and says why', () => {
    const v = judgeAttempt(1, { kind: 'response', status: 500, ok: false, durationMs: 3 }, schedule, mid);
    expect(v).toEqual({
      step: { action: 'retry', attempt: 2, delayMs: 100 },
      status: 500,
      error: 'answered HTTP 500',
    });
  });

  it('a 410 disables the endpoint', () => {
    const v = judgeAttempt(1, { kind: 'response', status: 410, ok: false, durationMs: 3 }, schedule);
    expect(v.step).toEqual({ action: 'disable_endpoint' });
  });

  it('a timeout on the last attempt gives up', () => {
    expect(judgeAttempt(3, { kind: 'timeout', durationMs: 9 }, schedule)).toEqual({
      step: { action: 'mark_failing' },
      status: null,
      error: 'no answer in time',
    });
  });

  it('a private address is refused with its code, and retried while DNS may change', () => {
    const v = judgeAttempt(
      1,
      {
        kind: 'refused',
        code: DestinationRefusal.PrivateAddress,
        permanent: false,
        message: 'resolves to 10.0.0.1',
        durationMs: 1,
      },
      schedule,
      mid,
    );
    expect(v.step).toMatchObject({ action: 'retry' });
    expect(v.error).toBe('refused (private_address): resolves to 10.0.0.1');
  });

  it('no secret to sign with is retried, and says so', () => {
    const v = judgeAttempt(1, { kind: 'no_secret' }, schedule, mid);
    expect(v.step).toEqual({ action: 'retry', attempt: 2, delayMs: 100 });
    expect(v.error).toContain('no webhook secret');
  });

  it('our own failure is retried without telling the team its details', () => {
    const v = judgeAttempt(3, { kind: 'not_sent' }, schedule);
    expect(v).toEqual({ step: { action: 'mark_failing' }, status: null, error: 'not sent: internal error' });
  });

  it('an attempt lost past the schedule gives up without sending', () => {
    expect(judgeAttempt(4, { kind: 'exhausted' }, schedule).step).toEqual({ action: 'mark_failing' });
    expect(withinSchedule(4, schedule.length)).toBe(false);
    expect(withinSchedule(3, schedule.length)).toBe(true);
  });
});
