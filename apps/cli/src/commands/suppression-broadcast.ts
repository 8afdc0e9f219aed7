import type { AppConfig } from '@app/config';

/**
 * Tells every gateway that the standing suppressions changed (already committed): they stop
 * answering with `svcIds` at once and read the whole list again. If NATS cannot be reached the
 * people are still gone from both stores, and gateways read the list again within
 * SUPPRESSIONS_RELOAD_MS; the result says which happened.
 */
export async function broadcastSuppressions(config: AppConfig, svcIds: readonly string[]): Promise<string> {
  // Loaded only when needed: libs/server brings Nest and Fastify, which most commands do without.
  const { broadcastSuppressionChange } = await import('@app/server');
  try {
    await broadcastSuppressionChange(config, svcIds);
    return 'sent';
  } catch (error) {
    return `failed: ${(error as Error).message}`;
  }
}
