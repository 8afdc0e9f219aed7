import { Command } from 'commander';
import { ServiceError } from '@app/contracts';
import {
  listSuppressions,
  type PersonIdentifiers,
  subjectReport,
  suppress,
  unsuppress,
  unsuppressMatching,
} from '@app/privacy';
import { positiveInt } from '../args';
import { CliError, ConflictError, NotFoundError, UsageError } from '../errors';
import { Runner } from '../runner';
import { withOpenSearch } from './opensearch';
import { broadcastSuppressions } from './suppression-broadcast';

/** Deleting a person's documents and refreshing the live indices: seconds at most, even at 1M. */
const OPENSEARCH_TIMEOUT_MS = 30000;

/** commander's way to take a flag several times. */
const collect = (value: string, previous: string[]) => [...previous, value];

interface IdentifierFlags {
  email: string[];
  phone: string[];
  netxUrl: string[];
  svcId: string[];
}

function identifiersOf(flags: IdentifierFlags): PersonIdentifiers {
  const input = { email: flags.email, phone: flags.phone, netx_url: flags.netxUrl, svc_id: flags.svcId };
  if (Object.values(input).every((v) => v.length === 0))
    throw new UsageError('name the person with at least one of --email, --phone, --netx-url or --svc-id');
  return input;
}

function withIdentifierFlags(command: Command): Command {
  return command
    .option('--email <email>', 'an email address (repeatable)', collect, [])
    .option('--phone <phone>', 'a phone number, international or US (repeatable)', collect, [])
    .option('--netx-url <url>', 'a professional-network profile URL (repeatable)', collect, [])
    .option('--svc-id <id>', "a record's svc_id (repeatable)", collect, []);
}

/** The library's refusals in the CLI's terms: bad input exits 2, a missing suppression 1. */
async function cliErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.code === 'not_found') throw new NotFoundError(error.message);
    if (error.code === 'conflict') throw new ConflictError(error.message);
    if (error.code === 'service_unavailable') throw new CliError(error.message);
    const field = (error.details as { field?: string } | null)?.field;
    throw new UsageError(field ? `--${field.replace(/_/g, '-')}: ${error.message}` : error.message);
  }
}

export function registerPrivacyCommands(program: Command, run: Runner): void {
  withIdentifierFlags(
    program
      .command('privacy:suppress')
      .description(
        'opt a person out (or erase them): removed from every live build in both stores now, and from every later load',
      ),
  )
    .option('--reason <text>', 'why (kept with the suppression; no personal data)')
    .action((flags: IdentifierFlags & { reason?: string }) => {
      const input = { ...identifiersOf(flags), reason: flags.reason ?? null };
      return run((ds, config, _stdout, actor) =>
        cliErrors(async () => {
          const result = await withOpenSearch(config, OPENSEARCH_TIMEOUT_MS, (os) =>
            suppress({ db: ds, os, osConfig: config.opensearch }, input, actor),
          );
          return { ...result, broadcast: await broadcastSuppressions(config, result.svc_ids) };
        }),
      );
    });

  withIdentifierFlags(
    program
      .command('privacy:unsuppress')
      .description(
        'lift a suppression by its id, or every standing one naming the person: served again from the next data:load on',
      ),
  )
    .argument('[id]', 'the suppression id (privacy:list)')
    .option('--id <id>', 'the suppression id, as a flag')
    .action((raw: string | undefined, flags: IdentifierFlags & { id?: string }) => {
      const given = [raw, flags.id].filter((v): v is string => v !== undefined);
      const named = Object.values({ ...flags, id: [] }).some((v) => Array.isArray(v) && v.length > 0);
      if (given.length + (named ? 1 : 0) !== 1)
        throw new UsageError(
          'give the suppression id, or the person by --email, --phone, --netx-url or --svc-id',
        );
      if (named) {
        const input = identifiersOf(flags);
        return run((ds, config, _stdout, actor) =>
          cliErrors(async () => {
            const lifted = await unsuppressMatching(ds, input, actor);
            return { lifted, broadcast: await broadcastSuppressions(config, []) };
          }),
        );
      }
      const id = positiveInt(raw === undefined ? '--id' : '<id>', given[0]);
      return run((ds, config, _stdout, actor) =>
        cliErrors(async () => {
          const result = await unsuppress(ds, id, actor);
          return { ...result, broadcast: await broadcastSuppressions(config, []) };
        }),
      );
    });

  program
    .command('privacy:list')
    .description('standing suppressions, newest first (identifiers are kept as hashes only)')
    .option('--all', 'include lifted ones')
    .option('--limit <n>', 'at most this many (default 100, max 1000)')
    .option('--before <id>', 'only suppressions older than this id (the next page)')
    .action((flags: { all?: boolean; limit?: string; before?: string }) => {
      const opts = {
        includeLifted: flags.all === true,
        limit: flags.limit === undefined ? 100 : positiveInt('--limit', flags.limit, 1000),
        before: flags.before === undefined ? undefined : positiveInt('--before', flags.before),
      };
      return run((ds) => listSuppressions(ds, opts));
    });

  withIdentifierFlags(
    program
      .command('privacy:report')
      .description(
        "a subject report: the person's record as served, every build that held it, their suppressions and who received the record",
      ),
  ).action((flags: IdentifierFlags) => {
    const input = identifiersOf(flags);
    return run((ds) => cliErrors(() => subjectReport(ds, input)));
  });
}
