import { createHash } from 'node:crypto';
import { HttpHarness, problemFields } from '@app/testing';
import { gatewayHarness } from './gateway';

const digest = (algorithm: string, s: string) => createHash(algorithm).update(s, 'utf8').digest('hex');

/** POST /utility/hash/email through the real gateway. */
describe('POST /utility/hash/email', () => {
  let gw: HttpHarness;
  const hash = (payload: unknown) => gw.post('/utility/hash/email', payload);

  beforeAll(async () => {
    gw = await gatewayHarness({ team: { credits: 0 } });
  });

  afterAll(async () => {
    await gw?.close();
  });

  it.each([
    ['John.Doe+news@GoogleMail.com', 'johndoe@gmail.com'],
    ['johndoe@gmail.com', 'johndoe@gmail.com'],
    ['  Dana.Whitfield+crm@Example.com ', 'dana.whitfield@example.com'],
    ['ada.i.quill@googlemail.com', 'adaiquill@gmail.com'],
  ])('hashes %j as Node crypto hashes %j', async (email, normalized) => {
    const res = await hash({ email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email,
      normalized_email: normalized,
      hashes: {
        sha256: digest('sha256', normalized),
        sha1: digest('sha1', normalized),
        md5: digest('md5', normalized),
      },
    });
  });

  it('gives one mailbox one hash whatever the spelling', async () => {
    const a = (await hash({ email: 'John.Doe+news@GoogleMail.com' })).json();
    const b = (await hash({ email: 'johndoe@gmail.com' })).json();
    expect(a.hashes.sha256).toBe(b.hashes.sha256);
    expect(a.hashes.sha256).toBe(digest('sha256', 'johndoe@gmail.com'));
  });

  it.each([
    ['not-an-email', 'missing_at'],
    ['', 'empty'],
    ['a@b@example.com', 'multiple_at'],
    ['john..doe@example.com', 'invalid_local_part'],
    ['john@localhost', 'invalid_domain'],
  ])('answers 400 invalid_email for %j', async (email, reason) => {
    const res = await hash({ email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_email',
      message: expect.stringContaining('not a valid email address'),
      details: { field: 'email', reason },
    });
  });

  it.each<[string, unknown, string[]]>([
    ['email missing', {}, ['email']],
    ['email a number', { email: 42 }, ['email']],
    ['email null', { email: null }, ['email']],
    ['email over 1000 characters', { email: `${'a'.repeat(1000)}@example.com` }, ['email']],
    ['an unknown property', { email: 'a@example.com', emails: ['b@example.com'] }, ['emails']],
  ])('answers 422 for %s', async (_label, payload, fields) => {
    const res = await hash(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('validation_failed');
    expect(problemFields(res.json())).toEqual(fields);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await gw.post('/utility/hash/email', '{"email": ');
    expect(res.statusCode).toBe(400);
  });
});
