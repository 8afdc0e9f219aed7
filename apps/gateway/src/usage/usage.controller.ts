import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, type Caller, CurrentCaller, RateLimit } from '../access';
import { UsageEventsQueryDto } from './dto/usage-events-query.dto';
import { UsageEventsDto } from './dto/usage-events.dto';
import { UsageQueryDto } from './dto/usage-query.dto';
import { UsageDto } from './dto/usage.dto';
import { UsageService } from './usage.service';

const WINDOW_REFUSALS =
  '`validation_failed` naming the parameter: from or to not a date (YYYY-MM-DD) or a timestamp with its offset, or no real date; from not before to; a window over 366 days';

@ApiTags('usage')
@ApiKeyAuth()
@Controller('usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @RateLimit('usage')
  @ApiOperation({
    summary: "Your team's credits, matches, requests and errors per day, endpoint or key (free)",
    description:
      'Credits and matches are what the team was charged (usage and credit ledger); requests and errors count every authenticated request and MCP tool call, sandbox included (errors: status 400 or more). Days are UTC. See docs/usage.md.',
  })
  @ApiOkResponse({ type: UsageDto })
  @ApiResponse({ status: 422, description: `${WINDOW_REFUSALS}; group_by not day, endpoint or key.` })
  summary(@Query() query: UsageQueryDto, @CurrentCaller() caller: Caller): Promise<UsageDto> {
    return this.usage.summary(caller, query);
  }

  @Get('events')
  @RateLimit('usage')
  @ApiOperation({
    summary: "Your team's requests one by one, newest first, a page at a time (free)",
    description:
      'Each authenticated request and MCP tool call: its id, endpoint, status, credits, time and key. An agent key sees its own requests only. Events are written within about a second of the answer. See docs/usage.md.',
  })
  @ApiOkResponse({ type: UsageEventsDto })
  @ApiResponse({
    status: 400,
    description:
      '`invalid_cursor`: a cursor not given to your team by this endpoint, altered, or sent with another from, to, endpoint or key_id.',
  })
  @ApiResponse({
    status: 422,
    description: `${WINDOW_REFUSALS}; endpoint not an endpoint name; key_id or limit (1 to 1,000) not a positive integer.`,
  })
  events(@Query() query: UsageEventsQueryDto, @CurrentCaller() caller: Caller): Promise<UsageEventsDto> {
    return this.usage.events(caller, query);
  }
}
