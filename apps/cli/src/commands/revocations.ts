import type { AppConfig } from '@app/config';

/** What the CLI prints about a revocation: how many keys, and whether gateways were told at once. */
export interface RevocationReport {
  revoked_keys: number;
  /**
   * `sent`: every gateway evicts them at once; `failed: …`: NATS could not be reached, so they
   * stop working within API_KEY_CACHE_TTL_MS; `not_needed`: nothing was revoked.
   */
  broadcast: 'sent' | 'not_needed' | `failed: ${string}`;
}

/**
 * Tells every gateway process about keys this command revoked (already committed). A failed
 * broadcast does not fail the command: the revocation stands and is reported as such.
 */
export async function broadcastRevoked(config: AppConfig, secretHashes: string[]): Promise<RevocationReport> {
  if (secretHashes.length === 0) return { revoked_keys: 0, broadcast: 'not_needed' };
  // Loaded only when needed: libs/server brings Nest and Fastify, which every other command can do without.
  const { broadcastKeyRevocations } = await import('@app/server');
  try {
    await broadcastKeyRevocations(config, secretHashes);
    return { revoked_keys: secretHashes.length, broadcast: 'sent' };
  } catch (error) {
    return { revoked_keys: secretHashes.length, broadcast: `failed: ${(error as Error).message}` };
  }
}
