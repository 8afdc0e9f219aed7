import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags, type SchemaObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '@app/contracts';
import { ApiKeyAuth, Caller, CurrentCaller, RateLimit } from '../access';
import { API_KEY_HEADER } from '../access/services/api-key.service';
import { sendWebResponse } from './mcp-http';
import { McpService } from './mcp.service';

/** A JSON-RPC 2.0 response or error, as the MCP SDK writes it. */
const JSON_RPC_MESSAGE: SchemaObject = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: { oneOf: [{ type: 'string', nullable: true }, { type: 'integer' }] },
    result: { type: 'object', additionalProperties: true },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
};

/**
 * The streaming GET and session DELETE of Streamable HTTP, which a stateless server refuses:
 * answered here in the service's error shape, without handing the request to the SDK.
 */
const onlyPost = (why: string) =>
  new ServiceError('method_not_allowed', `/mcp is stateless and ${why}: send JSON-RPC messages with POST.`, {
    allow: ['POST'],
  });

/**
 * /mcp behind the global guard like any endpoint: the API key (401), the /mcp scope (403) and
 * the `mcp` rate limit (the default's, refused rather than uncounted when Redis fails) apply
 * before any MCP work. What a tool call costs and counts is its own route's business (docs/mcp.md).
 */
@ApiTags('mcp')
@ApiKeyAuth()
@RateLimit('mcp')
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpService) {}

  @Post()
  @ApiOperation({
    summary:
      'MCP server over Streamable HTTP, stateless (protocol 2026-07-28, and 2025-11-25 clients): one JSON-RPC message per request; the tools call the endpoints above with this key (docs/mcp.md)',
  })
  @ApiBody({ schema: { type: 'object', description: 'A JSON-RPC request or notification.' } })
  @ApiResponse({
    status: 200,
    description:
      'The JSON-RPC response; a 2025-era exchange that asked for it comes as a one-message event stream.',
    content: {
      'application/json': { schema: JSON_RPC_MESSAGE },
      'text/event-stream': { schema: { type: 'string' } },
    },
  })
  @ApiResponse({ status: 202, description: 'A notification or response from the client: accepted, no body.' })
  @ApiResponse({
    status: 400,
    description:
      "A JSON-RPC error: a batch (one message per request), or a message the SDK cannot parse; `error.data` is the service's `{error, message, details}` where the gateway refused it.",
    content: { 'application/json': { schema: JSON_RPC_MESSAGE } },
  })
  post(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    return this.serve(request, reply, caller);
  }

  @Get()
  @ApiOperation({ summary: 'MCP: 405, the server is stateless and opens no server-to-client stream' })
  @ApiResponse({ status: 405, description: '`method_not_allowed`: use POST.' })
  stream(): never {
    throw onlyPost('opens no server-to-client stream');
  }

  @Delete()
  @ApiOperation({ summary: 'MCP: 405, the server is stateless and keeps no session to end' })
  @ApiResponse({ status: 405, description: '`method_not_allowed`: use POST.' })
  end(): never {
    throw onlyPost('keeps no session to end');
  }

  private async serve(request: FastifyRequest, reply: FastifyReply, caller: Caller): Promise<void> {
    // The guard accepted this header (a single string): the tools' routes are called with it.
    const response = await this.mcp.serve(request, caller, String(request.headers[API_KEY_HEADER]));
    await sendWebResponse(response, reply);
  }
}
