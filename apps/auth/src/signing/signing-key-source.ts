import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { AppConfig, parseSigningKeys, SigningJwk } from '@app/config';

/**
 * Where the signing keys come from (docs/agents.md, "Signing keys"): AUTH_SIGNING_KEYS when set;
 * refused in production otherwise (a key made up at start would differ between processes and
 * vanish with the container); elsewhere the file AUTH_SIGNING_KEYS_FILE, generated once.
 */
export async function loadSigningJwks(
  config: Pick<AppConfig, 'nodeEnv' | 'authSigning'>,
): Promise<SigningJwk[]> {
  if (config.authSigning.keys) return config.authSigning.keys;
  if (config.nodeEnv === 'production')
    throw new Error(
      'AUTH_SIGNING_KEYS is required when NODE_ENV=production (docs/agents.md, "Signing keys")',
    );
  return readOrCreateKeyFile(resolve(config.authSigning.file));
}

async function readKeyFile(file: string): Promise<SigningJwk[]> {
  const { keys, problems } = parseSigningKeys(await readFile(file, 'utf8'));
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return keys;
}

async function readOrCreateKeyFile(file: string): Promise<SigningJwk[]> {
  try {
    return await readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = await generateSigningJwk();
  await mkdir(dirname(file), { recursive: true });
  try {
    // `wx`: when two auth processes start together, one writes and the other reads its key.
    await writeFile(file, `${JSON.stringify([key], null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

/** A new ES256 private JWK with a random kid (also what `docs/agents.md` tells operators to add on rotation). */
export async function generateSigningJwk(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d!, kid: randomUUID(), alg: 'ES256' };
}
