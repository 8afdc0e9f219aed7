/**
 * The steps of a switch-over, in order (docs/data-builds.md, "Activation"), at the end of a load
 * or in data:activate. A load can be paused before each (LoadOptions.atStep), which is how the
 * tests kill a loader at every one.
 *
 * - `activate`: write the build row as the active one, with its indices (in the switch's transaction);
 * - `commit`: commit it; from here on Postgres, the source of truth, serves the new build;
 * - `swap`: point both aliases at the row's indices in one `_aliases` request;
 * - `cleanup`: remove the indices nothing refers to any more.
 */
export const ACTIVATION_STEPS = ['activate', 'commit', 'swap', 'cleanup'] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

export const isActivationStep = (s: string): s is ActivationStep =>
  (ACTIVATION_STEPS as readonly string[]).includes(s);
