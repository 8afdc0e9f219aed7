import { readFileSync } from 'node:fs';
import { nkeyAuthenticator } from 'nats';
import type { ConnectionOptions } from 'nats';
import type { NatsConfig } from '@app/config';

/** The part of nats.js's options that says who we are and how the link is protected. */
export type NatsSecurityOptions = Pick<
  ConnectionOptions,
  'user' | 'pass' | 'token' | 'authenticator' | 'tls'
>;

/**
 * Credentials and TLS for every NATS connection of every process (gateway client, search
 * worker, key-revocation listener and broadcasts), from NATS_USER/NATS_PASSWORD, NATS_TOKEN or
 * NATS_NKEY_SEED and NATS_TLS_*. In production a NATS without credentials is refused: anyone who
 * can reach it could answer searches or revoke keys.
 */
export function natsConnectionOptions(
  nats: Pick<NatsConfig, 'auth' | 'tls'>,
  nodeEnv?: string,
): NatsSecurityOptions {
  if (nodeEnv === 'production' && !nats.auth) {
    throw new Error(
      'NODE_ENV=production needs NATS credentials: NATS_USER and NATS_PASSWORD, NATS_TOKEN or NATS_NKEY_SEED',
    );
  }
  const options: NatsSecurityOptions = {};
  const auth = nats.auth;
  if (auth && 'user' in auth) Object.assign(options, { user: auth.user, pass: auth.pass });
  else if (auth && 'token' in auth) options.token = auth.token;
  else if (auth && 'nkeySeed' in auth)
    options.authenticator = nkeyAuthenticator(new TextEncoder().encode(auth.nkeySeed));
  // Read here, once, so a missing file fails the boot with its path rather than every reconnect.
  if (nats.tls) {
    for (const file of Object.values(nats.tls)) if (file) readFileSync(file);
    options.tls = { ...nats.tls };
  }
  return options;
}
