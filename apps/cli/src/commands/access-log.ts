import { Command } from 'commander';
import { purgeAccessLog } from '@app/store';
import { CliError } from '../errors';
import { Runner } from '../runner';

/**
 * privacy:purge-access-log: the gateway's daily access-log job, on demand (after lowering
 * ACCESS_LOG_RETENTION_DAYS, or where no gateway runs). Prints what it created, indexed and removed.
 */
export function registerAccessLogCommands(program: Command, run: Runner): void {
  program
    .command('privacy:purge-access-log')
    .description(
      'remove access log entries older than ACCESS_LOG_RETENTION_DAYS (whole months and days dropped, the ' +
        "boundary day trimmed), create this and next month's partitions and index the days that are over; " +
        'prints what it did',
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
