import { parseJsonlJob } from './jsonl';
import { DEFAULT_JOB_INPUT_LIMITS, MAX_JOB_ITEMS } from './limits';

const parse = (text: string, limits = DEFAULT_JOB_INPUT_LIMITS) => parseJsonlJob(text, limits);

describe('parseJsonlJob', () => {
  it('reads one item per line, skipping blank lines, CRLF or LF', async () => {
    const text = '{"email":"a@b.co","metadata":{"id":7}}\r\n\r\n  \n{"name":"Acme"}';
    expect(await parse(text)).toEqual({
      ok: true,
      items: [
        { index: 0, line: 1, params: { email: 'a@b.co' }, metadata: { id: 7 } },
        { index: 1, line: 4, params: { name: 'Acme' } },
      ],
      defaults: {},
    });
  });

  it('reports every bad line with its index and line number', async () => {
    const text = ['{"email":"a@b.co"}', '', '{"email":', '[1]', '{"metadata":"x"}', '{"phone":"1"}'].join(
      '\n',
    );
    expect(await parse(text)).toEqual({
      ok: false,
      code: 'invalid_items',
      reason: '3 items of the job are invalid',
      problems: [
        { index: 1, line: 3, reason: expect.stringMatching(/^the line is not JSON: /) },
        { index: 2, line: 4, reason: 'each line must be a JSON object' },
        { index: 3, line: 5, reason: 'metadata must be a JSON object' },
      ],
      problem_count: 3,
    });
  });

  it('refuses a line over the record limit without parsing it, and goes on', async () => {
    const long = `{"email":"${'a'.repeat(100)}"}`;
    const result = await parse(`${long}\n{"email":"a@b.co"}`, {
      ...DEFAULT_JOB_INPUT_LIMITS,
      maxRecordChars: 50,
    });
    expect(result).toMatchObject({
      problem_count: 1,
      problems: [{ index: 0, line: 1, reason: 'a line holds at most 50 characters, this one 112' }],
    });
  });

  it('takes 10,000 lines and refuses the 10,001st', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `{"svc_id":"p${i}"}`).join('\n');
    const ok = await parse(lines(MAX_JOB_ITEMS));
    expect(ok.ok && ok.items).toHaveLength(MAX_JOB_ITEMS);
    expect(await parse(lines(MAX_JOB_ITEMS + 1))).toMatchObject({ code: 'too_many_items', line: 10001 });
  });

  it('calls an upload of blank lines empty', async () => {
    expect(await parse('\n \r\n')).toMatchObject({ code: 'empty' });
  });
});
