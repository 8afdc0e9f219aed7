/**
 * Sign-in throttling (docs/agents.md): failures in the last 15 minutes, counted in Postgres so
 * every auth process shares them. Five for one email (guessing one person's password) or
 * twenty from one address (trying many accounts) refuse further attempts, without checking the
 * password, until the oldest failure leaves the window.
 */
export const SIGN_IN_THROTTLE = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perClient: 20,
} as const;
