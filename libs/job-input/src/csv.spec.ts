import { parseCsvJob } from './csv';
import { DEFAULT_JOB_INPUT_LIMITS, MAX_JOB_ITEMS } from './limits';
import { SLICE_CHARS } from './pause';

const parse = (text: string, limits = DEFAULT_JOB_INPUT_LIMITS) =>
  parseCsvJob(Buffer.from(text), 'person', limits);

describe('parseCsvJob', () => {
  it('maps the columns; empty cells are absent; metadata columns go aside', async () => {
    const text = 'email,first_name,last_name,metadata.row\na@b.co,,, 1\n,Jo,Doe,\n';
    expect(await parse(text)).toEqual({
      ok: true,
      items: [
        { index: 0, line: 2, params: { email: 'a@b.co' }, metadata: { row: ' 1' } },
        { index: 1, line: 3, params: { first_name: 'Jo', last_name: 'Doe' } },
      ],
      defaults: {},
    });
  });

  it('handles a BOM, CRLF, blank lines and quoted commas, quotes and newlines', async () => {
    const text =
      '\uFEFFfull_name,address\r\n"Doe, Jane","1 ""Main"" St\r\nSpringfield"\r\n\r\nBob,Paris\r\nAl,"a\nb"\r\n\nEd,\r\n';
    expect(await parse(text)).toEqual({
      ok: true,
      items: [
        { index: 0, line: 2, params: { full_name: 'Doe, Jane', address: '1 "Main" St\r\nSpringfield' } },
        { index: 1, line: 5, params: { full_name: 'Bob', address: 'Paris' } },
        { index: 2, line: 6, params: { full_name: 'Al', address: 'a\nb' } },
        { index: 3, line: 9, params: { full_name: 'Ed' } },
      ],
      defaults: {},
    });
  });

  it('refuses an unknown column by name', async () => {
    expect(await parse('email,emial\na@b.co,x\n')).toMatchObject({
      ok: false,
      code: 'malformed',
      line: 1,
      reason: expect.stringContaining('"emial"'),
    });
  });

  it('reports every ragged row with its index and line, capped', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => (i % 2 ? 'a@b.co' : 'a@b.co,1,2'));
    const result = await parse(['email,phone', ...rows].join('\n'));
    expect(result).toMatchObject({ ok: false, code: 'invalid_items', problem_count: 150 });
    expect(!result.ok && result.problems[1]).toEqual({
      index: 1,
      line: 3,
      reason: 'the row has 1 cells, the header 2',
    });
    expect(!result.ok && result.problems).toHaveLength(100);
  });

  it('refuses broken quoting with its line', async () => {
    expect(await parse('email\na@b.co\n"open\n')).toMatchObject({ code: 'malformed', line: 3 });
  });

  it('refuses a record over the size limit', async () => {
    const limits = { ...DEFAULT_JOB_INPUT_LIMITS, maxRecordChars: 20 };
    expect(await parse(`email\n${'a'.repeat(30)}\n`, limits)).toMatchObject({ code: 'payload_too_large' });
  });

  it('takes 10,000 rows and refuses the 10,001st', async () => {
    const rows = (n: number) => ['svc_id', ...Array.from({ length: n }, (_, i) => `p${i}`)].join('\n');
    const ok = await parse(rows(MAX_JOB_ITEMS));
    expect(ok.ok && ok.items).toHaveLength(MAX_JOB_ITEMS);
    expect(await parse(rows(MAX_JOB_ITEMS + 1))).toMatchObject({ code: 'too_many_items', line: 10002 });
  });

  it('reads records across slices', async () => {
    const cell = 'x'.repeat(1000);
    const count = Math.ceil((3 * SLICE_CHARS) / 1000);
    const text = [
      'full_name,metadata.note',
      ...Array.from({ length: count }, (_, i) => `"${cell}",${i}`),
    ].join('\n');
    const result = await parse(text, { ...DEFAULT_JOB_INPUT_LIMITS });
    expect(result.ok && result.items.map((item) => item.metadata?.note)).toEqual(
      Array.from({ length: count }, (_, i) => String(i)),
    );
  });

  it('keeps a character split across two slices whole', async () => {
    const name = 'é'.repeat(SLICE_CHARS);
    const result = await parse(`full_name\n${name}\n`, {
      ...DEFAULT_JOB_INPUT_LIMITS,
      maxRecordChars: 4 * SLICE_CHARS,
    });
    expect(result.ok && result.items[0].params.full_name).toBe(name);
  });

  it('calls a header without rows empty', async () => {
    expect(await parse('email,phone\r\n')).toMatchObject({ code: 'empty' });
    expect(await parse('')).toMatchObject({ code: 'empty' });
  });
});
