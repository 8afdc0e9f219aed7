import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { generateWebhookSecret } from './secret';
import { signDelivery } from './signing';

describe('signDelivery', () => {
  const body = JSON.stringify({ type: 'job.completed', data: { job_id: 'job_1' } });
  const secret = generateWebhookSecret();

  it('writes the three headers the reference library verifies', () => {
    const now = new Date();
    const headers = signDelivery({ id: 'msg_1', timestamp: now, body, secret });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('signs id.timestamp.body, so a changed body, id or timestamp fails', () => {
    const headers = signDelivery({ id: 'msg_1', timestamp: new Date(), body, secret });
    const wh = new Webhook(secret);
    expect(() => wh.verify(body.replace('job_1', 'job_2'), { ...headers })).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow(WebhookVerificationError);
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': later })).toThrow(
      WebhookVerificationError,
    );
  });

  it('fails for another secret', () => {
    const headers = signDelivery({ id: 'msg_1', timestamp: new Date(), body, secret });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow(
      WebhookVerificationError,
    );
  });

  it('signs with both secrets during a rotation, so either verifies', () => {
    const next = generateWebhookSecret();
    const headers = signDelivery({ id: 'msg_1', timestamp: new Date(), body, secret: [secret, next] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toBeDefined();
    expect(new Webhook(next).verify(body, { ...headers })).toBeDefined();
  });

  it('refuses no secret or a malformed one', () => {
    const at = new Date();
    expect(() => signDelivery({ id: 'msg_1', timestamp: at, body, secret: [] })).toThrow(RangeError);
    expect(() => signDelivery({ id: 'msg_1', timestamp: at, body, secret: 'whsec_abc' })).toThrow(RangeError);
  });
});
