import { isPlainObject, jsonItem } from './item';
import type { JobInputLimits } from './limits';
import { ProblemLog } from './problems';
import { refuse, type JobInputResult, type JobItem } from './result';

/**
 * An `application/json` job: the synchronous bulk body, `{ "requests": [...], ...defaults }`.
 * Parsed synchronously, which is why the caller holds it to `maxJsonBytes`.
 */
export function parseJsonJob(text: string, limits: JobInputLimits): JobInputResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return refuse('malformed', `the body is not JSON: ${(e as Error).message}`);
  }
  if (!isPlainObject(body))
    return refuse('malformed', 'the body must be a JSON object with a requests array');
  const { requests, ...defaults } = body;
  if (!Array.isArray(requests)) return refuse('malformed', 'requests must be an array');
  if (requests.length === 0) return refuse('empty', 'requests holds no items');
  if (requests.length > limits.maxItems) {
    return refuse(
      'too_many_items',
      `a job holds at most ${limits.maxItems} items, this one ${requests.length}`,
    );
  }
  const log = new ProblemLog(limits.maxReportedProblems);
  const items: JobItem[] = [];
  requests.forEach((value, index) => {
    const item = jsonItem(value, index, undefined, 'each element of requests');
    if ('reason' in item) log.add(index, item.reason);
    else items.push(item);
  });
  return log.result(items, defaults);
}
