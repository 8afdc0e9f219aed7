import { Command } from 'commander';
import { purgeAccessLog } from '@app/store';
import { CliError } from '../errors';
import { Runner } from '../runner';

/**
 * privacy:purge-access-log: the gateway's daily purge of the access log, on demand (after
 * lowering ACCESS_LOG_RETENTION_DAYS, or where no gateway runs). Prints what it removed.
 */
export function registerAccessLogCommands(program: Command, run: Runner): void {
  program
    .command('privacy:purge-access-log')
    .description(
      'remove access log entries older than ACCESS_LOG_RETENTION_DAYS (whole months dropped, the boundary month ' +
        "trimmed) and create this and next month's partitions; prints what it removed",
    )
    .action(() =>
      run(async (ds, config) => {
        const done = await purgeAccessLog(ds, config.accessLog.retentionDays);
        if (!done)
          throw new CliError('another process is purging the access log right now; try again shortly');
        return { retention_days: config.accessLog.retentionDays, ...done };
      }),
    );
}
