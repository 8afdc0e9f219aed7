import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '@app/config';
import { documentRoutePolicies, RouteEntry, RoutePolicies } from './access';
import { AGENT_TOKEN_SCHEME } from './agent-keys/agent-token-auth.decorator';
import { OPERATOR_TOKEN_SCHEME } from './privacy/operator-auth.decorator';
import { documentBilledRoutes } from './billing';
import { canonicalJson } from './openapi-canonical';
import { documentErrorBodies, documentValidationFailures, ErrorResponse } from './openapi/error-response';
import { recordSchemas } from './openapi/record-schemas';

/**
 * OpenAPI 3 generated from the controllers and DTOs, with each route's access policy (credits,
 * tier, rate limits, sandbox mirrors) documented from RoutePolicies: JSON at /openapi.json,
 * readable docs at /docs. The committed docs/openapi.json is this same document
 * (`npm run openapi:write`, docs/openapi.md).
 */
export function mountOpenApi(app: NestFastifyApplication, config: AppConfig): void {
  const document = buildOpenApiDocument(app, app.get(RoutePolicies).routes(), config.publicBaseUrl);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}

/** The gateway's document, keys in canonical order (so served and committed copies are equal). */
export function buildOpenApiDocument(
  app: NestFastifyApplication,
  routes: readonly RouteEntry[],
  serverUrl: string,
): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Person and company data service')
      .setDescription(
        'Enrichment, search, discovery, data-issue reports and utilities for person and company records. ' +
          "Every endpoint takes the `API-Key` header, except POST /agent/key, which takes an agent's access " +
          'token; every error is `{error, message, details}`.',
      )
      .setVersion('1.0.0')
      .setLicense('Apache-2.0', 'https://www.apache.org/licenses/LICENSE-2.0')
      .addServer(serverUrl)
      .addApiKey({ type: 'apiKey', in: 'header', name: 'API-Key' }, 'API-Key')
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "An agent's short-lived access token from POST {auth_url}/oauth2/token; only POST /agent/key takes it.",
        },
        AGENT_TOKEN_SCHEME,
      )
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          description: "The operator's OPERATOR_TOKEN; only the /privacy routes take it (docs/privacy.md).",
        },
        OPERATOR_TOKEN_SCHEME,
      )
      .build(),
    { extraModels: [ErrorResponse] },
  );
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...recordSchemas() },
  };
  documentRoutePolicies(document, routes);
  documentBilledRoutes(document, routes);
  documentValidationFailures(document);
  // Last: every error status the steps above added gets its body too.
  documentErrorBodies(document);
  return JSON.parse(canonicalJson(document)) as OpenAPIObject;
}
