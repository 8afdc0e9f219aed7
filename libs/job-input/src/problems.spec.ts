import { ProblemLog } from './problems';

describe('ProblemLog', () => {
  it('accepts the items when nothing was wrong', () => {
    expect(new ProblemLog(2).result([{ index: 0, params: {} }], { pretty: true })).toEqual({
      ok: true,
      items: [{ index: 0, params: {} }],
      defaults: { pretty: true },
    });
  });

  it('lists problems up to the cap and counts them all', () => {
    const log = new ProblemLog(2);
    log.add(0, 'a', 2);
    log.add(3, 'b');
    log.add(7, 'c');
    expect(log.result([], {})).toEqual({
      ok: false,
      code: 'invalid_items',
      reason: '3 items of the job are invalid',
      problems: [
        { index: 0, line: 2, reason: 'a' },
        { index: 3, reason: 'b' },
      ],
      problem_count: 3,
    });
  });
});
