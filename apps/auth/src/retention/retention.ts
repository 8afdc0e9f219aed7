import { CLAIM_RETENTION_SECONDS } from '@app/store';
import { IDENTITY_THROTTLE } from '../claims/identity-throttle';
import { SIGN_IN_THROTTLE } from '../sign-in/sign-in-throttle';

/**
 * What the auth service deletes, how old, how often (docs/agents.md, "Retention"). Each run
 * deletes at most `batch` rows of each kind, so a run stays short whatever piled up; a backlog
 * drains at batch rows a minute per process.
 */
export const RETENTION = {
  everyMs: 60_000,
  batch: 1000,
  /** Unconfirmed agents and their claims, after the claim's last code window ended. */
  claimSeconds: CLAIM_RETENTION_SECONDS,
  /** Attempts, once past every limit's window. */
  attemptSeconds: Math.max(SIGN_IN_THROTTLE.windowSeconds, IDENTITY_THROTTLE.windowSeconds),
} as const;
