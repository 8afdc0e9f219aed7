import { generateWebhookSecret } from '@app/webhooks';
import type { Queryable } from '../builds';
import { rowsOf } from './rows';
import { openWebhookSecret, sealWebhookSecret, WebhookSecretDecryptionError } from './secret-box';

/** How long the previous secret still signs after a rotation, so receivers can switch over. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export interface WebhookSecretInfo {
  createdAt: Date;
  /** While a rotation's overlap lasts: when the previous secret stops signing. */
  previousValidUntil: Date | null;
}

export interface RotatedWebhookSecret extends WebhookSecretInfo {
  /** The new `whsec_` secret in plaintext: answer it once, never store or log it. */
  secret: string;
}

/**
 * Makes a new current secret for the team; the one it replaces signs beside it for 24 hours and
 * any older one stops at once, so at most two sign. Run it in a transaction: the team row's lock
 * orders concurrent rotations (without one, the unique index refuses the loser).
 */
export async function rotateWebhookSecret(
  q: Queryable,
  teamId: number,
  key: Buffer,
): Promise<RotatedWebhookSecret> {
  await q.query(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, [teamId]);
  await q.query(
    `WITH retired AS (
       UPDATE webhook_secrets
          SET expires_at = CASE WHEN expires_at IS NULL
                                THEN now() + make_interval(hours => $2) ELSE now() END
        WHERE team_id = $1 AND (expires_at IS NULL OR expires_at > now())
       RETURNING id)
     SELECT count(*) FROM retired`,
    [teamId, WEBHOOK_SECRET_OVERLAP_HOURS],
  );
  await purgeExpired(q, teamId);
  const secret = generateWebhookSecret();
  const [row] = await rowsOf<{ created_at: Date }>(
    q,
    `INSERT INTO webhook_secrets (team_id, ciphertext) VALUES ($1, $2) RETURNING created_at`,
    [teamId, sealWebhookSecret(secret, teamId, key)],
  );
  const info = await webhookSecretInfo(q, teamId);
  return { secret, createdAt: row.created_at, previousValidUntil: info?.previousValidUntil ?? null };
}

/**
 * The plaintexts that sign the team's deliveries now: the current one first, then the previous
 * one. A previous secret that no longer opens (WEBHOOK_SECRETS_KEY changed since) is left out, so
 * a rotation recovers a team; a current one that does not open throws, since nothing it signs verifies.
 */
export async function webhookSecretsOf(q: Queryable, teamId: number, key: Buffer): Promise<string[]> {
  const rows = await rowsOf<{ ciphertext: Buffer; current: boolean }>(
    q,
    `SELECT ciphertext, expires_at IS NULL AS current FROM webhook_secrets
      WHERE team_id = $1 AND (expires_at IS NULL OR expires_at > now())
      ORDER BY expires_at IS NULL DESC, id DESC`,
    [teamId],
  );
  const secrets: string[] = [];
  for (const row of rows) {
    try {
      secrets.push(openWebhookSecret(row.ciphertext, teamId, key));
    } catch (error) {
      if (row.current || !(error instanceof WebhookSecretDecryptionError)) throw error;
    }
  }
  return secrets;
}

/** When the current secret was made and how long the previous one still signs; never a secret. */
export async function webhookSecretInfo(q: Queryable, teamId: number): Promise<WebhookSecretInfo | null> {
  const [row] = await rowsOf<{ created_at: Date; previous_valid_until: Date | null }>(
    q,
    `SELECT s.created_at,
            (SELECT max(p.expires_at) FROM webhook_secrets p
              WHERE p.team_id = s.team_id AND p.expires_at > now()) AS previous_valid_until
       FROM webhook_secrets s
      WHERE s.team_id = $1 AND s.expires_at IS NULL`,
    [teamId],
  );
  return row ? { createdAt: row.created_at, previousValidUntil: row.previous_valid_until } : null;
}

/** Expired secrets are no use to anyone; a rotation drops the team's. */
async function purgeExpired(q: Queryable, teamId: number): Promise<void> {
  await q.query(
    `WITH gone AS (DELETE FROM webhook_secrets WHERE team_id = $1 AND expires_at <= now() RETURNING id)
     SELECT count(*) FROM gone`,
    [teamId],
  );
}
