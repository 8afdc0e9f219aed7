import { setTimeout as sleep } from 'node:timers/promises';
import { UsageError } from '../../errors';
import { ACTIVATION_STEPS, ActivationStep, isActivationStep } from './steps';

/** Long enough for any test to kill the process; after it the load carries on. */
const PAUSE_MS = 10 * 60_000;

/**
 * FOR TESTS ONLY. `LOADER_PAUSE_AT=<step>` makes data:load print `loader paused before <step>`
 * on stderr when it reaches that step of activation and wait there, so a test can SIGKILL it at
 * exactly that point (test/data-activation.e2e-spec.ts). Unset, as in every normal run, the load
 * never pauses.
 */
export function pauseForTests(
  env: Record<string, string | undefined>,
): ((step: ActivationStep) => Promise<void>) | undefined {
  const at = env.LOADER_PAUSE_AT;
  if (!at) return undefined;
  if (!isActivationStep(at)) {
    throw new UsageError(
      `LOADER_PAUSE_AT must be one of ${ACTIVATION_STEPS.join(', ')}, got ${JSON.stringify(at)}`,
    );
  }
  return async (step) => {
    if (step !== at) return;
    process.stderr.write(`loader paused before ${step}\n`);
    await sleep(PAUSE_MS);
  };
}
