import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { canonicalJson } from './openapi-canonical';
import { offlineOpenApiDocument } from './openapi-offline';

/** `npm run openapi:write [file]`: writes the gateway's OpenAPI document (default docs/openapi.json). */
async function main(): Promise<void> {
  const file = resolve(process.argv[2] ?? 'docs/openapi.json');
  writeFileSync(file, canonicalJson(await offlineOpenApiDocument()));
  process.stdout.write(`wrote ${file}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
