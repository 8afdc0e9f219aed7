/**
 * The aliases' side of a load's activation (docs/data-builds.md, "Activation"): they follow the
 * active build row, put right before a load begins and moved right after its commit.
 */
import { Client } from '@opensearch-project/opensearch';
import { QueryRunner } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind } from '@app/contracts';
import { reconcileBuildAliases } from '@app/search-index';
import { BuildIndices, removeUnreferencedIndices } from './activation';
import { LoadError } from './load-error';
import { LoadLog } from './load-log';

/** Both stores of one kind, on the load's connection (which holds the kind's load lock). */
export interface KindStores {
  runner: QueryRunner;
  os: Client;
  osConfig: OpenSearchConfig;
  kind: BuildKind;
}

export const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

/**
 * Before anything is written: the aliases are put back on the active build (a loader killed
 * between its commit and its swap left them behind), and indices nothing refers to (a killed
 * load's) are removed. Neither failing stops the load: its own swap points the aliases.
 */
export async function settleBeforeLoad(
  { runner, os, osConfig, kind }: KindStores,
  log: LoadLog,
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

/** The swap, after the commit: the aliases follow the row just committed, both in one request. */
export async function swapToBuild(
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
    throw new LoadError(
      `build ${buildId} is active in Postgres (enrichment serves it), but its aliases could not be pointed at its indices: ${messageOf(error)}. ` +
        'Search serves the previous build until a search worker (at its start and every minute) or the next data:load points them.',
    );
  }
}

/** After the swap: the indices this load replaced go; failing that, the next load removes them. */
export async function removeReplaced(
  { runner, os, osConfig, kind }: KindStores,
  log: LoadLog,
): Promise<void> {
  try {
    await removeUnreferencedIndices(runner, os, osConfig, kind);
  } catch (error) {
    log.note(`could not remove the indices this load replaced (the next load does): ${messageOf(error)}`);
  }
}
