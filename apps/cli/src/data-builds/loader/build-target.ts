import { DataSource } from 'typeorm';
import { BuildKind, Entity, isBuildVersion } from '@app/contracts';
import { BuildRow, buildKindOf, findBuild } from '@app/store';
import { findJsonl, openJsonl } from './jsonl';
import { LoadError } from './load-error';

/** The file each entity is read from: `DIR/<name>.jsonl` or `.jsonl.gz`. */
export const FILE_NAMES: Record<Entity, string> = { person: 'people', company: 'companies' };

export interface BuildTarget {
  buildId: string;
  files: Record<Entity, string | null>;
  /** The build's row when this is a re-load. */
  existing: BuildRow | null;
}

/**
 * What a load writes to, settled before anything is read in earnest: the files in `dir`, the
 * build (named, or read off the first line), and a re-load only of a build of the same kind.
 */
export async function resolveBuild(
  db: DataSource,
  opts: { dir: string; buildId?: string; dryRun?: boolean; sliced?: boolean },
  kind: BuildKind,
): Promise<BuildTarget> {
  const files = {
    person: findJsonl(opts.dir, FILE_NAMES.person),
    company: findJsonl(opts.dir, FILE_NAMES.company),
  };
  if (!files.person && !files.company) {
    throw new LoadError(`${opts.dir} holds neither people.jsonl nor companies.jsonl (plain or .gz)`);
  }
  const buildId = opts.buildId ?? (await buildIdFromData(files.person ?? files.company!));
  if (!isBuildVersion(buildId)) {
    throw new LoadError(
      `build "${buildId}" is not of the form <major>.<minor>.<patch>_<YYYY-MM-DD>, e.g. 1.0.0_2026-11-21`,
    );
  }
  const existing = await findBuild(db, buildId);
  if (existing && buildKindOf(existing) !== kind) {
    throw new LoadError(
      `build ${buildId} exists as a ${buildKindOf(existing)} build; load it the same way or use another build name`,
    );
  }
  // Only slices leave a build `loading` between processes (a whole load's row commits `ready`).
  if (existing?.status === 'loading' && !opts.sliced && !opts.dryRun) {
    throw new LoadError(
      `build ${buildId} is being loaded in slices (data:load --slice); once every slice is in, data:activate ${buildId} finishes it, or data:drop-build ${buildId} removes it`,
    );
  }
  return { buildId, files, existing };
}

async function buildIdFromData(path: string): Promise<string> {
  for await (const { text } of openJsonl(path).lines()) {
    try {
      const v = (JSON.parse(text) as { build_version?: unknown }).build_version;
      if (typeof v === 'string') return v;
    } catch {
      // a bad first line is reported during the load itself
    }
    break;
  }
  throw new LoadError(
    `cannot tell the build from ${path}: pass --build <major>.<minor>.<patch>_<YYYY-MM-DD>`,
  );
}
