import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@app/config';
import { boundShutdown, createLogger, NestPinoLogger, runMain } from '@app/server';
import { JobRunnerAppModule } from './job-runner/job-runner-app.module';

/**
 * `npm run jobs`: a process that only runs bulk-enrichment job chunks and sends their webhooks.
 * JOB_RUNNER is on whatever the environment says (that is what this process is for); its
 * metrics server listens only where METRICS_PORT is set, so it never takes the gateway's port.
 */
runMain(async () => {
  const loaded = loadConfig();
  const config = {
    ...loaded,
    jobs: { ...loaded.jobs, runner: true },
    metrics: { ...loaded.metrics, port: loaded.metrics.port ?? 0 },
  };
  boundShutdown(config.shutdownGraceMs);
  const logger = createLogger(config, 'job-runner');
  const app = await NestFactory.createApplicationContext(JobRunnerAppModule.forRoot(config), {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  app.enableShutdownHooks();
  await app.init();
  logger.info({ concurrency: config.jobs.runnerConcurrency }, 'job runner ready');
});
