import type { AttemptLimit } from '@app/store';

/**
 * Identity requests (POST /agent/identity, docs/agents.md, "Limits"): each writes an agent and a
 * claim, so they are counted in Postgres, shared by every auth process, over an hour: 20 for one
 * login_hint (an agent signs in once; a person tries a few) and 100 from one address (several
 * agents behind one egress). Decoys count like real claims, so the limits tell nothing either.
 */
export const IDENTITY_THROTTLE = {
  windowSeconds: 60 * 60,
  perLoginHint: 20,
  perClient: 100,
} as const;

export function identityLimits(loginHint: string, client: string): AttemptLimit[] {
  const { windowSeconds, perLoginHint, perClient } = IDENTITY_THROTTLE;
  return [
    { scope: 'identity:login_hint', subject: loginHint.toLowerCase(), limit: perLoginHint, windowSeconds },
    { scope: 'identity:client', subject: client, limit: perClient, windowSeconds },
  ];
}
