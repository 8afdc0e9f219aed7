import { Webhook } from 'standardwebhooks';
import { isWebhookSecret } from './secret';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface SignInput {
  /** The message id: the same on every attempt of one delivery, so a receiver can drop replays. */
  id: string;
  /** When this attempt is sent; receivers refuse timestamps far from their clock, so each retry re-signs. */
  timestamp: Date;
  /** The exact bytes sent: the signature covers them, not a re-serialization. */
  body: string;
  /**
   * One secret, or several while a team rotates: each signs, and the signatures are joined by
   * spaces so a receiver holding either the old or the new secret accepts the message.
   */
  secret: string | readonly string[];
}

export function signDelivery({ id, timestamp, body, secret }: SignInput): SignedHeaders {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new RangeError('at least one webhook secret is needed');
  for (const s of secrets) {
    // The library would sign with any base64; a malformed secret is a storage bug worth failing on.
    if (!isWebhookSecret(s)) throw new RangeError('not a whsec_ webhook secret');
  }
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, timestamp, body)).join(' '),
  };
}
