import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller';
import { McpService } from './mcp.service';

/** The MCP server at /mcp (docs/mcp.md); SearchClient and the access guard are global. */
@Module({ controllers: [McpController], providers: [McpService] })
export class McpModule {}
