import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '../access';
import { AgentKeyService } from './agent-key.service';
import { AgentTokenAuth } from './agent-token-auth.decorator';
import { CurrentAgentToken } from './agent-token.guard';
import type { AgentToken } from './agent-token.verifier';
import { AgentKeyRequestDto, AgentKeyResponseDto } from './dto/agent-key.dto';

@ApiTags('agents')
@Controller('agent')
export class AgentKeyController {
  constructor(private readonly keys: AgentKeyService) {}

  // Free (no @BilledMatches): a key costs nothing; its matches do.
  @Post('key')
  @HttpCode(200)
  @AgentTokenAuth()
  @RateLimit('agent_key')
  @ApiOperation({
    summary: "Get an agent's API key with its access token (agent sign-in, step 5)",
    description:
      'Takes the short-lived access token from POST {auth_url}/oauth2/token in `Authorization: Bearer`, ' +
      'no API key. Answers a key limited to enrichment, search (enterprise-tier teams), their sandbox ' +
      'mirrors and the free utilities, billing the chosen team; a second call replaces the previous key. ' +
      'See docs/access.md, "Agent keys".',
  })
  @ApiOkResponse({ type: AgentKeyResponseDto })
  @ApiResponse({
    status: 403,
    description:
      '`key_creation_refused`: the approving account is waiting for approval or inactive, is not a member ' +
      'of team_id, or its role in the team is neither admin nor developer. The message gives the reason, ' +
      '`details.reason` names it: `account_pending`, `account_inactive`, `not_a_member`, `role_cannot_create_keys`.',
  })
  @ApiResponse({
    status: 409,
    description:
      '`multiple_teams`: the person belongs to several teams; retry with team_id, one of `details.teams` ({id, name}).',
  })
  @ApiResponse({
    status: 422,
    description: '`validation_failed`: team_id is not a positive integer, or an unknown field was sent.',
  })
  issue(
    @Body() body: AgentKeyRequestDto,
    @CurrentAgentToken() token: AgentToken,
  ): Promise<AgentKeyResponseDto> {
    return this.keys.issue(token, body.team_id);
  }
}
