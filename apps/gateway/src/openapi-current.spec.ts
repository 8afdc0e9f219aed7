import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from './openapi-canonical';
import { offlineOpenApiDocument } from './openapi-offline';

const COMMITTED = join(__dirname, '../../../docs/openapi.json');

describe('docs/openapi.json', () => {
  it('is the document the code generates (else: run npm run openapi:write)', async () => {
    const generated = canonicalJson(await offlineOpenApiDocument());
    const committed = readFileSync(COMMITTED, 'utf8');
    if (committed !== generated)
      throw new Error(
        'docs/openapi.json is not the document the code generates: run npm run openapi:write (after npm run build) and commit it',
      );
  });
});
