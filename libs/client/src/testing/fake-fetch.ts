import type { Clock } from '../retry';

/** A request as the fake server saw it. */
export interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Answer = Response | ((seen: Seen) => Response);

/** A fetch answering `answers` in turn (the last one again once they run out), recording each request. */
export function fakeFetch(...answers: Answer[]) {
  const seen: Seen[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const text = await request.text();
    const entry: Seen = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
    seen.push(entry);
    const answer = answers[Math.min(seen.length, answers.length) - 1];
    return typeof answer === 'function' ? answer(entry) : answer.clone();
  };
  return { fetch, seen };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A clock whose sleeps return at once, moving its time on by what was asked, and recording it. */
export function fakeClock(start = Date.UTC(2026, 10, 29, 12, 0, 0)) {
  let now = start;
  const waits: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits };
}
