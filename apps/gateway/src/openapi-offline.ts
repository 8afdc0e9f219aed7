import { DiscoveryService, MetadataScanner, ModulesContainer, NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { loadConfig } from '@app/config';
import { RoutePolicies } from './access';
import { GatewayModule } from './gateway.module';
import { buildOpenApiDocument } from './openapi';

/**
 * The document a gateway on the default configuration serves, built without Postgres, NATS,
 * Redis or OpenSearch: Nest's preview mode scans modules and controllers (all the document is
 * made of) but constructs no provider, so nothing connects. The server URL is the default
 * PUBLIC_BASE_URL, never this machine's environment, so every machine writes the same bytes.
 */
export async function offlineOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({});
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot(config),
    new FastifyAdapter(),
    { preview: true, logger: false, abortOnError: false },
  );
  try {
    // Providers are not constructed in preview mode: the route table is read the way the app's
    // own RoutePolicies reads it, from the scanned controllers' decorators.
    const policies = new RoutePolicies(
      new Reflector(),
      new DiscoveryService(app.get(ModulesContainer)),
      new MetadataScanner(),
    );
    return buildOpenApiDocument(app, policies.routes(), config.publicBaseUrl);
  } finally {
    await app.close();
  }
}
