import type { Client } from '@opensearch-project/opensearch';
import { ServiceError } from '@app/contracts';
import { isExpired, openPointInTime } from './point-in-time';

/** An OpenSearch client whose createPit answers `outcome`. */
const client = (outcome: () => Promise<unknown>) => ({ createPit: outcome }) as unknown as Client;

/** As OpenSearch 2.19 answers it (captured with search.max_open_pit_context set to 1). */
const exhausted = Object.assign(new Error('search_phase_execution_exception'), {
  meta: {
    statusCode: 429,
    body: {
      error: {
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
        root_cause: [
          {
            type: 'rejected_execution_exception',
            reason:
              'Trying to create too many Point In Time contexts. Must be less than or equal to: [1]. This limit can be set by changing the [search.max_open_pit_context] setting.',
          },
        ],
      },
      status: 429,
    },
  },
});

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('no refusal');
}

describe('openPointInTime', () => {
  it('opens one for the walk with its keep-alive', async () => {
    const pit = await openPointInTime(
      client(async () => ({ body: { pit_id: 'abc=' } })),
      'svc_people_live_x',
      '120s',
      1000,
    );
    expect(pit).toEqual({ id: 'abc=', keepAlive: '120s' });
  });

  it("turns the engine's refusal when its contexts are exhausted into a 503 to retry, naming no internals", async () => {
    const error = await refusal(
      openPointInTime(
        client(() => Promise.reject(exhausted)),
        'i',
        '120s',
        1000,
      ),
    );
    expect(error.code).toBe('service_unavailable');
    expect(error.status).toBe(503);
    expect(error.details).toEqual({ retry_after_seconds: 5 });
    expect(error.message).not.toMatch(/max_open_pit_context|rejected_execution/);
  });

  it('answers cursor_expired when the build the walk started on is gone', async () => {
    const gone = Object.assign(new Error('index_not_found_exception'), { meta: { statusCode: 404 } });
    const error = await refusal(
      openPointInTime(
        client(() => Promise.reject(gone)),
        'i',
        '120s',
        1000,
      ),
    );
    expect(error.code).toBe('cursor_expired');
    expect(isExpired(gone)).toBe(true);
    expect(isExpired(exhausted)).toBe(false);
  });
});
