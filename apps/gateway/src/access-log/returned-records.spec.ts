import { RawJson } from '@app/shaping';
import { RouteAnswer } from '../route-answer';
import { returnedIds, withReturnedIds } from './returned-records';

describe('returnedIds', () => {
  it('reads a worker page: each match’s record of the entity', () => {
    const page = { matches: [{ person: { svc_id: 'a' } }, { person: { svc_id: 'b' } }], total: 9 };
    expect(returnedIds(new RouteAnswer(page, {}, 2), 'person')).toEqual(['a', 'b']);
    expect(returnedIds(page, 'company')).toEqual([]);
  });

  it('takes what an answer was marked with over its body, and leaves the mark out of its JSON', () => {
    const raw = new RawJson('{"svc_id":"from-text"}');
    const answer = withReturnedIds({ matches: [{ person: raw }], total: 1 }, ['marked']);
    expect(returnedIds(answer, 'person')).toEqual(['marked']);
    expect(JSON.parse(JSON.stringify(answer))).toEqual({
      matches: [{ person: { svc_id: 'from-text' } }],
      total: 1,
    });
  });

  it('parses stored text only when nothing marked it, and skips what has no svc_id', () => {
    const body = {
      matches: [{ person: new RawJson('{"svc_id":"x"}') }, { person: { full_name: 'y' } }, null],
    };
    expect(returnedIds(body, 'person')).toEqual(['x']);
    expect(returnedIds(null, 'person')).toEqual([]);
    expect(returnedIds({ results: [] }, 'person')).toEqual([]);
  });
});
