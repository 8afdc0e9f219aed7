import type { AttemptLimit } from '@app/store';

/**
 * Sign-in throttling (docs/agents.md, "Limits"): attempts in the last 15 minutes, counted in
 * Postgres before the password is checked, so every auth process shares them and concurrent
 * guesses cannot all pass. Five for one email (guessing one person's password) or twenty from
 * one address (trying many accounts) refuse further attempts, without checking the password,
 * until the oldest leaves the window. A successful sign-in forgets the email's attempts and
 * itself.
 */
export const SIGN_IN_THROTTLE = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perClient: 20,
} as const;

export function signInLimits(email: string, client: string): AttemptLimit[] {
  const { windowSeconds, perAccount, perClient } = SIGN_IN_THROTTLE;
  return [
    { scope: 'sign_in:email', subject: email, limit: perAccount, windowSeconds },
    { scope: 'sign_in:client', subject: client, limit: perClient, windowSeconds },
  ];
}
