import { loadConfig } from '@app/config';
import { createDataSource } from './data-source';

/**
 * For the TypeORM CLI on the compiled output, e.g.
 * `npx typeorm -d dist/libs/store/src/data-source.cli.js migration:show`.
 * The application itself migrates with `npm run cli -- db:migrate`.
 */
export default createDataSource(loadConfig(process.env).database, { applicationName: 'svc-typeorm-cli' });
