import type { InjectOptions } from 'fastify';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { loadConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { createHttpApp } from '@app/server';

class ProbeDto {
  @IsString()
  name!: string;

  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;
}

@Controller('probe')
class ProbeController {
  @Post()
  echo(@Body() body: ProbeDto) {
    return body;
  }

  @Get('boom')
  boom(): never {
    throw new Error('connection string postgres://secret@db leaked');
  }

  @Get('domain')
  domain(): never {
    throw new ServiceError('insufficient_credits', 'Your team has no credits left.', { balance: 0 });
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/** The shared HTTP bootstrap (gateway and auth both use it) against requests that go wrong. */
describe('error model over HTTP', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', BODY_LIMIT_BYTES: '2048' });
    app = await createHttpApp(ProbeModule, config, 'probe');
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  const inject = (opts: InjectOptions) => app.getHttpAdapter().getInstance().inject(opts);

  function expectShape(body: Record<string, unknown>) {
    expect(Object.keys(body).sort()).toEqual(['details', 'error', 'message']);
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    expect((body.message as string).length).toBeGreaterThan(10);
  }

  it('answers an unknown route with 404 not_found', async () => {
    const res = await inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expectShape(res.json());
    expect(res.json().error).toBe('not_found');
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const res = await inject({
      method: 'POST',
      url: '/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x", ',
    });
    expect(res.statusCode).toBe(400);
    expectShape(res.json());
    expect(res.json().error).toBe('invalid_request');
    expect(res.json().message).toMatch(/JSON/);
  });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const res = await inject({
      method: 'POST',
      url: '/probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(5000), limit: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expectShape(res.json());
    expect(res.json().error).toBe('payload_too_large');
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await inject({
      method: 'POST',
      url: '/probe',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expectShape(res.json());
    expect(res.json().error).toBe('unsupported_media_type');
  });

  it('answers invalid fields with 422 naming each field', async () => {
    const res = await inject({
      method: 'POST',
      url: '/probe',
      payload: { name: 7, limit: 500, extra: true },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expectShape(body);
    expect(body.error).toBe('validation_failed');
    const fields = (body.details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['extra', 'limit', 'name']);
  });

  it('passes a valid body through', async () => {
    const res = await inject({ method: 'POST', url: '/probe', payload: { name: 'ok', limit: 5 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'ok', limit: 5 });
  });

  it('answers an unexpected failure with 500, an error_id and no internals', async () => {
    const res = await inject({ method: 'GET', url: '/probe/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expectShape(body);
    expect(body.error).toBe('internal_error');
    expect(body.details.error_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('postgres');
  });

  it('maps a domain error to its status and keeps its details', async () => {
    const res = await inject({ method: 'GET', url: '/probe/domain' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: 'insufficient_credits',
      message: 'Your team has no credits left.',
      details: { balance: 0 },
    });
  });

  it('echoes a safe X-Request-Id and invents one otherwise', async () => {
    const kept = await inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const made = await inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'bad id\n' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
