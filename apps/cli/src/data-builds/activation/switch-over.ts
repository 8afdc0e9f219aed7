/**
 * Switching the build a kind serves (docs/data-builds.md, "Activation"), in the order of
 * ACTIVATION_STEPS: the active build row in Postgres decides and is committed first; the aliases
 * follow it in one request; the indices nothing refers to any more go last. data:load runs it at
 * the end of a load, data:activate for a build loaded before.
 */
import { Client } from '@opensearch-project/opensearch';
import { QueryRunner } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind } from '@app/contracts';
import { reconcileBuildAliases } from '@app/search-index';
import { activateBuild, activeBuild, appendAudit, AuditActor, cliActor } from '@app/store';
import { ActivationError } from './activation-error';
import { BuildIndices, removeUnreferencedIndices } from './indices';
import { ActivationStep } from './steps';

/** Both stores of one kind, on the connection that holds the kind's load lock. */
export interface KindStores {
  runner: QueryRunner;
  os: Client;
  osConfig: OpenSearchConfig;
  kind: BuildKind;
}

/** Where a switch tells the operator what it put right or left (a load's log, the command's notes). */
export interface Notes {
  note(message: string): void;
}

/** What a build serves once active. */
export interface Activation {
  buildId: string;
  counts: { people: number; companies: number };
  indices: BuildIndices;
}

/** Called before each step (tests pause or fail there). */
export type AtStep = (step: ActivationStep) => void | Promise<void>;

/** Who switches, and why: a load's end (`build.load`) or data:activate (`build.activate`). */
export interface SwitchAudit {
  /** Default: the OS user running this process. */
  actor?: AuditActor;
  action: 'build.load' | 'build.activate';
}

export const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

/**
 * Before anything is written: the aliases are put back on the active build (a loader killed
 * between its commit and its swap left them behind), and indices nothing refers to (a killed
 * load's) are removed. Neither failing stops the load: its own swap points the aliases.
 */
export async function settleBeforeLoad(
  { runner, os, osConfig, kind }: KindStores,
  log: Notes,
): Promise<void> {
  try {
    const r = await reconcileBuildAliases(runner, os, osConfig, kind);
    if (r.moved) {
      log.note(
        `the ${kind} aliases did not point at the indices of build ${r.build}, the active one (a load stopped between its commit and its alias swap); they do now`,
      );
    }
    const removed = await removeUnreferencedIndices(runner, os, osConfig, kind);
    if (removed.length > 0) {
      log.note(`removed indices no build refers to (left by stopped loads): ${removed.join(', ')}`);
    }
  } catch (error) {
    log.note(`could not settle the ${kind} aliases and indices before loading: ${messageOf(error)}`);
  }
}

/**
 * `activate`, in the transaction open on the stores' runner: the build becomes the kind's one
 * active row, with its counts and indices, and the audit log records the switch in the same
 * transaction (so a switch rolled back records nothing); then the pause before `commit`. Nothing
 * serves it yet.
 */
export async function activateInTransaction(
  stores: KindStores,
  a: Activation,
  atStep: AtStep | undefined,
  audit: SwitchAudit,
): Promise<void> {
  await atStep?.('activate');
  const previous = await activeBuild(stores.runner, stores.kind);
  await activateBuild(stores.runner, a.buildId, stores.kind, a.counts, a.indices);
  await appendAudit(stores.runner.manager, {
    actor: audit.actor ?? cliActor(),
    action: audit.action,
    target: `build:${a.buildId}`,
    before: { kind: stores.kind, active: previous?.id ?? null },
    after: { kind: stores.kind, active: a.buildId, people: a.counts.people, companies: a.counts.companies },
  });
  await atStep?.('commit');
}

/** `commit`: from here on Postgres, the source of truth, serves the build; nothing undoes that. */
export async function commitActivation({ runner }: KindStores, buildId: string): Promise<void> {
  try {
    await runner.commitTransaction();
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    // The commit may have happened: the build's indices stay (the next load removes them if not).
    throw new ActivationError(
      `committing build ${buildId} failed (${messageOf(error)}); whether it serves is settled by the next data:load or search worker start, which put the aliases where Postgres says`,
    );
  }
}

/** After the commit: `swap` the aliases to the build, then `cleanup` what nothing refers to. */
export async function followActivation(
  stores: KindStores,
  a: Activation,
  log: Notes,
  atStep?: AtStep,
): Promise<void> {
  await atStep?.('swap');
  await swapToBuild(stores, a.buildId, a.indices);
  await atStep?.('cleanup');
  await removeReplaced(stores, log);
}

/** The swap, after the commit: the aliases follow the row just committed, both in one request. */
async function swapToBuild(
  { runner, os, osConfig, kind }: KindStores,
  buildId: string,
  indices: BuildIndices,
): Promise<void> {
  try {
    const r = await reconcileBuildAliases(runner, os, osConfig, kind);
    if (r.build !== buildId || !Object.values(r.aliases).includes(indices.person)) {
      throw new Error(`the active ${kind} build is ${r.build} (${r.skipped ?? 'with other indices'})`);
    }
  } catch (error) {
    throw new ActivationError(
      `build ${buildId} is active in Postgres (enrichment serves it), but its aliases could not be pointed at its indices: ${messageOf(error)}. ` +
        'Search serves the previous build until a search worker (at its start and every minute) or the next data:load points them.',
    );
  }
}

/** After the swap: the indices the switch replaced go; failing that, the next load removes them. */
async function removeReplaced({ runner, os, osConfig, kind }: KindStores, log: Notes): Promise<void> {
  try {
    await removeUnreferencedIndices(runner, os, osConfig, kind);
  } catch (error) {
    log.note(`could not remove the indices this load replaced (the next load does): ${messageOf(error)}`);
  }
}
