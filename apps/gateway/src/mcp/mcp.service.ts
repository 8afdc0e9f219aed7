import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createMcpHandler, McpHttpHandler, McpRequestContext } from '@modelcontextprotocol/server';
import type { Tool } from '@modelcontextprotocol/server';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '@app/config';
import type { Caller } from '../access';
import { SearchClient } from '../search-client/search-client.service';
import { allowedHostnames, assertHostAndOrigin, batchRefusal, toWebRequest } from './mcp-http';
import { createServer, McpRequestScope } from './mcp-server';
import { toolDefinition } from './tool-schemas';
import { TOOLS } from './tools';

/** What serve() hands the SDK for serverFor(), beside the key. */
type RequestExtra = Pick<McpRequestScope, 'caller' | 'definitions' | 'address'>;

/** Where the gateway serves its OpenAPI document (mountOpenApi), the source of the tools' schemas. */
const OPENAPI_PATH = '/openapi.json';

/**
 * MCP over Streamable HTTP, stateless: each request gets a fresh server from the SDK's
 * createMcpHandler, serving the 2026-07-28 revision and, through the SDK's stateless fallback,
 * 2025-era clients (2025-11-25 and earlier). No session is kept, so any gateway process answers
 * any request of a client.
 */
@Injectable()
export class McpService implements OnApplicationShutdown {
  private readonly logger = new Logger('mcp');
  private readonly handler: McpHttpHandler;
  private readonly hostnames: string[];
  private definitions?: Promise<ReadonlyMap<string, Tool>>;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly search: SearchClient,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.hostnames = allowedHostnames(config.publicBaseUrl);
    this.handler = createMcpHandler((context) => this.serverFor(context), {
      maxRequestBodySize: config.bodyLimitBytes,
      // Rejected requests (a bad JSON-RPC message) are answered to the client; here they are only noted.
      onerror: (error) => this.logger.debug(`mcp: ${error.message}`),
    });
  }

  /**
   * Behind the guard: the caller is authenticated, in scope for /mcp, and counted in its rate
   * limit. Answers the SDK's web Response; the controller writes it to the reply.
   */
  async serve(request: FastifyRequest, caller: Caller, apiKey: string): Promise<Response> {
    assertHostAndOrigin(request, this.hostnames);
    const batch = batchRefusal(request.body);
    if (batch) return batch;
    const definitions = await this.toolDefinitions();
    return this.handler.fetch(toWebRequest(request), {
      parsedBody: request.body,
      authInfo: {
        token: apiKey,
        clientId: caller.prefix,
        scopes: caller.endpoints ? [...caller.endpoints] : ['*'],
        // The address a tool call's route attributes refused keys to (McpRequestScope.address).
        extra: { caller, definitions, address: request.ip } satisfies RequestExtra,
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handler.close();
  }

  private serverFor({ authInfo }: McpRequestContext) {
    const extra = authInfo?.extra as RequestExtra | undefined;
    if (!authInfo || !extra) throw new Error('an MCP request reached the SDK without its caller');
    return createServer({
      caller: extra.caller,
      apiKey: authInfo.token,
      definitions: extra.definitions,
      address: extra.address,
      fastify: this.fastify(),
      search: this.search,
    });
  }

  /**
   * Built once per process from the OpenAPI document the gateway serves (generated from the
   * routes' DTOs), on the first MCP request: by then every route is registered. A failure is
   * not remembered, so the next request tries again.
   */
  private toolDefinitions(): Promise<ReadonlyMap<string, Tool>> {
    if (!this.definitions) {
      this.definitions = this.readDocument().then(
        (document) => new Map(TOOLS.map((spec) => [spec.name, toolDefinition(spec, document)])),
      );
      this.definitions.catch(() => (this.definitions = undefined));
    }
    return this.definitions;
  }

  private async readDocument(): Promise<OpenAPIObject> {
    const res = await this.fastify().inject({ method: 'GET', url: OPENAPI_PATH });
    if (res.statusCode !== 200) throw new Error(`GET ${OPENAPI_PATH} answered ${res.statusCode}`);
    return res.json<OpenAPIObject>();
  }

  private fastify(): FastifyInstance {
    return this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
  }
}
