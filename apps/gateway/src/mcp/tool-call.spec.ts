import { HTTP_META_KEY, toolResult } from './tool-call';

describe('toolResult', () => {
  it('gives a 2xx body as structured content and text, with what the headers say', () => {
    const body = JSON.stringify({ matches: [], total: 0 });
    const result = toolResult(
      200,
      { 'x-credits-charged': '0', 'x-credits-remaining': '9', 'x-other': 'no' },
      body,
    );
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ matches: [], total: 0 });
    expect(result.content).toEqual([
      { type: 'text', text: body },
      { type: 'text', text: 'Credits charged: 0; remaining: 9.' },
    ]);
    expect(result._meta).toEqual({
      [HTTP_META_KEY]: { status: 200, headers: { 'x-credits-charged': '0', 'x-credits-remaining': '9' } },
    });
  });

  it('gives an error answer as a tool error carrying the error body', () => {
    const error = {
      error: 'insufficient_credits',
      message: 'no',
      details: { credits_required: 2, credits_balance: 1 },
    };
    const result = toolResult(402, {}, JSON.stringify(error));
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(error);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(error);
  });

  it('reports an error answer without an error body as internal_error, never as success', () => {
    const result = toolResult(502, {}, '<html>bad gateway</html>');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: 'internal_error', details: { status: 502 } });
  });
});
