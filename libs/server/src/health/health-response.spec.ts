import { ServiceError } from '@app/contracts';
import { healthReport } from './checks';
import { healthResponse, isOperator } from './health-response';

const TOKEN = 'an-operator-token-1234';
const down = healthReport({
  postgres: { status: 'down', took_ms: 3, reason: 'connect ECONNREFUSED 10.0.0.5:5432' },
});
const up = healthReport({ postgres: { status: 'up', took_ms: 1 } });

function thrown(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (e) {
    return e as ServiceError;
  }
  throw new Error('expected a throw');
}

describe('isOperator', () => {
  it('accepts exactly `Bearer <OPERATOR_TOKEN>`', () => {
    expect(isOperator(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isOperator(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const h of [
      undefined,
      '',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      'Bearer ',
      `Bearer ${TOKEN} x`,
    ])
      expect(isOperator(h, TOKEN)).toBe(false);
  });

  it('lets nobody in when no token is configured', () => {
    expect(isOperator('Bearer anything-at-all-here', null)).toBe(false);
  });
});

describe('healthResponse', () => {
  it('answers the public with status alone, the operator with the checks', () => {
    expect(healthResponse(up, false)).toEqual({ status: 'ok' });
    expect(healthResponse(up, true)).toEqual(up);
  });

  it('names what is down, and why, to the operator only', () => {
    const pub = thrown(() => healthResponse(down, false)).toBody();
    expect(pub).toEqual({
      error: 'service_unavailable',
      message: expect.any(String),
      details: { retry_after_seconds: 5 },
    });
    expect(JSON.stringify(pub)).not.toMatch(/postgres|10\.0\.0\.5/);
    const op = thrown(() => healthResponse(down, true)).toBody();
    expect(op.message).toContain('postgres');
    expect(op.details).toMatchObject({
      checks: { postgres: { reason: expect.stringContaining('10.0.0.5') } },
    });
  });
});
