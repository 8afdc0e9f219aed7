import { Command } from 'commander';
import { Entity, ENTITIES } from '@app/contracts';
import { Change, streamChanges } from '../data-builds/changes/changes';
import { UsageError } from '../errors';
import { Runner, RunnerIo } from '../runner';
import { buildFlag } from './data';

const PROGRESS_EVERY_MS = 5000;

function entityFlag(raw: string | undefined): readonly Entity[] {
  if (raw === undefined) return ENTITIES;
  if (!(ENTITIES as readonly string[]).includes(raw))
    throw new UsageError(`--entity must be one of ${ENTITIES.join(', ')}, got ${JSON.stringify(raw)}`);
  return [raw as Entity];
}

/** Waits when the output's buffer is full (a slow pipe), so memory stays flat however long the changelog. */
async function writeLines(out: RunnerIo['stdout'], changes: Change[]): Promise<void> {
  const text = changes.map((c) => `${JSON.stringify(c)}\n`).join('');
  if (out.write(text) !== false) return;
  const stream = out as Partial<NodeJS.WritableStream>;
  if (typeof stream.once !== 'function') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off?.('drain', done);
      stream.off?.('error', done);
      resolve();
    };
    stream.once?.('drain', done);
    stream.once?.('error', done);
  });
}

export function registerDataChangesCommand(program: Command, run: Runner): void {
  program
    .command('data:changes')
    .description(
      'print every record added, deleted or updated from build <from> to build <to>, one JSON object per line (docs/data-builds.md "Changelog")',
    )
    .argument('<from>', 'the earlier build, e.g. 1.0.0_2026-11-21 (see data:builds)')
    .argument('<to>', 'the later build, of the same kind (live or sandbox)')
    .option('--entity <entity>', `only this entity: ${ENTITIES.join(' or ')} (default: both, people first)`)
    .action((fromRaw: string, toRaw: string, opts: { entity?: string }) => {
      const input = {
        from: buildFlag('<from>', fromRaw),
        to: buildFlag('<to>', toRaw),
        entities: entityFlag(opts.entity),
      };
      return run(async (ds, _config, stdout) => {
        let last = Date.now();
        const counts = await streamChanges(
          ds,
          {
            ...input,
            onProgress: (entity, read) => {
              if (Date.now() - last < PROGRESS_EVERY_MS) return;
              last = Date.now();
              process.stderr.write(`data:changes: ${entity}: ${read} records of both builds read\n`);
            },
          },
          (changes) => writeLines(stdout, changes),
        );
        for (const c of counts)
          process.stderr.write(
            `note: ${c.entity}: ${c.added} added, ${c.deleted} deleted, ${c.updated} updated from ${input.from} to ${input.to}\n`,
          );
        return undefined;
      });
    });
}
