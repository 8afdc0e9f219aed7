import { parseJsonJob } from './json';
import { DEFAULT_JOB_INPUT_LIMITS, MAX_JOB_ITEMS } from './limits';

const parse = (body: unknown) => parseJsonJob(JSON.stringify(body), DEFAULT_JOB_INPUT_LIMITS);

describe('parseJsonJob', () => {
  it('reads the bulk body: items with metadata aside, other fields as defaults', () => {
    const result = parse({
      requests: [
        { email: 'a@b.co', metadata: { row: 1 } },
        { first_name: 'Jo', size: 3 },
      ],
      titlecase: true,
      webhook_url: 'https://example.com/hook',
    });
    expect(result).toEqual({
      ok: true,
      items: [
        { index: 0, params: { email: 'a@b.co' }, metadata: { row: 1 } },
        { index: 1, params: { first_name: 'Jo', size: 3 } },
      ],
      defaults: { titlecase: true, webhook_url: 'https://example.com/hook' },
    });
  });

  it('collects every bad item with its index', () => {
    const result = parse({
      requests: [{ email: 'a@b.co' }, 'x', null, { metadata: [1] }, [], { phone: '1' }],
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'invalid_items',
      problem_count: 4,
      problems: [
        { index: 1, reason: 'each element of requests must be a JSON object' },
        { index: 2, reason: 'each element of requests must be a JSON object' },
        { index: 3, reason: 'metadata must be a JSON object' },
        { index: 4, reason: 'each element of requests must be a JSON object' },
      ],
    });
  });

  it('caps the listed problems but counts them all', () => {
    const result = parse({ requests: Array.from({ length: 250 }, () => 1) });
    expect(result).toMatchObject({ ok: false, problem_count: 250 });
    expect(!result.ok && result.problems).toHaveLength(100);
  });

  it('takes 10,000 items and refuses the 10,001st', () => {
    const items = (n: number) => ({ requests: Array.from({ length: n }, (_, i) => ({ svc_id: `p${i}` })) });
    const ok = parse(items(MAX_JOB_ITEMS));
    expect(ok.ok && ok.items).toHaveLength(MAX_JOB_ITEMS);
    expect(parse(items(MAX_JOB_ITEMS + 1))).toMatchObject({
      ok: false,
      code: 'too_many_items',
      reason: 'a job holds at most 10000 items, this one 10001',
    });
  });

  it('refuses a body that is not the bulk shape', () => {
    expect(parseJsonJob('{"requests": [', DEFAULT_JOB_INPUT_LIMITS)).toMatchObject({ code: 'malformed' });
    expect(parse([{ email: 'a@b.co' }])).toMatchObject({ code: 'malformed' });
    expect(parse({ requests: { email: 'a@b.co' } })).toMatchObject({ code: 'malformed' });
    expect(parse({ requests: [] })).toMatchObject({ code: 'empty' });
  });
});
