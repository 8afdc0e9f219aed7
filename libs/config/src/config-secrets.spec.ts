import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('config errors never show secrets', () => {
  it("masks a connection string's password, still naming the variable", () => {
    const text = problemsOf({
      DATABASE_URL: 'postgres://svc:s3cret-pw@db.internal:5432/svc with space',
      REDIS_URL: 'redis://:hunter2@cache:6379/0 x',
      NATS_URL: 'nats://ops:n4ts-pw@nats:4222 x',
    });
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL']) expect(text).toContain(name);
    for (const secret of ['s3cret-pw', 'hunter2', 'n4ts-pw']) expect(text).not.toContain(secret);
    expect(text).toContain('postgres://svc:[redacted]@db.internal');
  });

  it('withholds secret variables entirely', () => {
    const text = problemsOf({ NATS_NKEY_SEED: 'not-a-seed-but-secret', OPERATOR_TOKEN: 'short secret' });
    expect(text).toContain('NATS_NKEY_SEED');
    expect(text).toContain('OPERATOR_TOKEN');
    expect(text).not.toContain('not-a-seed-but-secret');
    expect(text).not.toContain('short secret');
  });
});

describe('NATS credentials and TLS', () => {
  it('reads user + password, a token or an nkey seed, and TLS files', () => {
    expect(loadConfig({ NATS_USER: 'svc', NATS_PASSWORD: 'pw' }).nats.auth).toEqual({
      user: 'svc',
      pass: 'pw',
    });
    expect(loadConfig({ NATS_TOKEN: 't0k' }).nats.auth).toEqual({ token: 't0k' });
    const seed = `SU${'A'.repeat(56)}`;
    expect(loadConfig({ NATS_NKEY_SEED: seed }).nats.auth).toEqual({ nkeySeed: seed });
    expect(loadConfig({ NATS_TLS_CA_FILE: '/etc/ca.pem' }).nats.tls).toEqual({ caFile: '/etc/ca.pem' });
    expect(loadConfig({}).nats).toMatchObject({ auth: null, tls: null });
  });

  it('refuses half pairs and more than one way to authenticate', () => {
    expect(problemsOf({ NATS_USER: 'svc' })).toContain('NATS_USER and NATS_PASSWORD must be set together');
    expect(problemsOf({ NATS_TLS_CERT_FILE: '/c.pem' })).toContain('NATS_TLS_KEY_FILE');
    expect(problemsOf({ NATS_TOKEN: 'a', NATS_USER: 'u', NATS_PASSWORD: 'p' })).toContain('set only one of');
  });

  it('takes OPERATOR_TOKEN, null when unset', () => {
    expect(loadConfig({}).operatorToken).toBeNull();
    expect(loadConfig({ OPERATOR_TOKEN: 'a-long-operator-token' }).operatorToken).toBe(
      'a-long-operator-token',
    );
  });
});
