import type { SearchReply } from '@app/contracts';
import { workerAnswer } from './worker-answer';

const reply = (over: Partial<SearchReply>): SearchReply => ({
  matches: [{ svc_id: 'a' }, { svc_id: 'b' }],
  total: 9,
  total_status: 'estimate',
  warning: null,
  billable: true,
  next: null,
  ...over,
});

describe('workerAnswer', () => {
  it('bills one per match and states how total was counted', () => {
    const r = reply({});
    const answer = workerAnswer(r, { matches: r.matches, total: r.total });
    expect(answer.billable).toBe(2);
    expect(answer.headers).toEqual({ 'Total-Count-Status': 'estimate' });
    expect(answer.body).toEqual({ matches: r.matches, total: 9 });
  });

  it('is free when the worker says so, with the warning as a header a header can carry', () => {
    const r = reply({
      matches: [],
      total: 0,
      total_status: 'exact',
      warning: 'industry “x”\nnot stored',
      billable: false,
    });
    const answer = workerAnswer(r, { matches: r.matches, total: r.total });
    expect(answer.billable).toBeNull();
    expect(answer.headers).toEqual({
      'Total-Count-Status': 'exact',
      'Search-Warning': 'industry ?x??not stored',
    });
  });

  it('reads billable from the reply, not from the warning', () => {
    const r = reply({ billable: false });
    expect(workerAnswer(r, { matches: r.matches }).billable).toBeNull();
    expect(workerAnswer(reply({ warning: 'w' }), { matches: [] }).billable).toBe(0);
  });
});
