import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { createLogger } from '@app/server';
import { createTestEnvironment, TestEnvironment } from '@app/testing';

/** What a logger would have written, one parsed JSON line per entry. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n') };
}

/**
 * A failed query logged as an unexpected error must not carry its SQL or bound values: TypeORM's
 * QueryFailedError holds both (`query`, `parameters`), and pino serializes every own property.
 */
describe('exposure: logs of failed queries', () => {
  let env: TestEnvironment;

  beforeAll(async () => {
    env = await createTestEnvironment();
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it("redacts a real QueryFailedError's query and parameters", async () => {
    const secret = 'person-secret@example.test';
    const error = await env.db.dataSource
      .query('SELECT * FROM no_such_table_for_exposure WHERE email = $1', [secret])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(QueryFailedError);

    const out = capture();
    const logger = createLogger({ logLevel: 'info' }, 'exposure', out.stream);
    logger.error({ err: error, error_id: 'x' }, 'unexpected error');
    logger.flush();

    const text = out.text();
    expect(text).toContain('no_such_table_for_exposure'); // the message stays, for operators
    expect(text).not.toContain(secret);
    expect(text).not.toContain('WHERE email');
    expect(JSON.parse(text).err.parameters).toBe('[redacted]');
  });
});
