import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAuth, Caller, CurrentCaller, RateLimit } from '../access';
import { API_KEY_HEADER } from '../access/services/api-key.service';
import { sendWebResponse } from './mcp-http';
import { McpService } from './mcp.service';

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
  post(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    return this.serve(request, reply, caller);
  }

  @Get()
  @ApiOperation({ summary: 'MCP: 405, the server is stateless and opens no server-to-client stream' })
  stream(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    return this.serve(request, reply, caller);
  }

  @Delete()
  @ApiOperation({ summary: 'MCP: 405, the server is stateless and keeps no session to end' })
  end(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    return this.serve(request, reply, caller);
  }

  private async serve(request: FastifyRequest, reply: FastifyReply, caller: Caller): Promise<void> {
    // The guard accepted this header (a single string): the tools' routes are called with it.
    const response = await this.mcp.serve(request, caller, String(request.headers[API_KEY_HEADER]));
    await sendWebResponse(response, reply);
  }
}
