import { Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, Caller, CurrentCaller, RateLimit } from '../access';
import { WebhookSecretCreatedDto, WebhookSecretInfoDto } from './dto/webhook-secret.dto';
import { WebhookSecretsService } from './webhook-secrets.service';

@ApiTags('webhooks')
@ApiKeyAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly secrets: WebhookSecretsService) {}

  // Free (no @BilledMatches), and not idempotent on purpose: every call is a new secret.
  @Post('secret')
  @HttpCode(201)
  @RateLimit('default')
  // The answer holds the secret: no cache on the way may keep it.
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Create or rotate the team's webhook signing secret (free)",
    description:
      'Answers a new `whsec_` secret once; it signs every job webhook from now on (Standard Webhooks: ' +
      '`webhook-id`, `webhook-timestamp`, `webhook-signature`). The secret it replaces keeps signing ' +
      'beside it for 24 hours, so a receiver can switch over; an older one stops at once. ' +
      'See docs/bulk-jobs.md, "Webhooks".',
  })
  @ApiCreatedResponse({ type: WebhookSecretCreatedDto, description: 'The new secret, shown this once.' })
  @ApiResponse({
    status: 409,
    description: '`conflict`: another rotation of the same secret ran at once; retry.',
  })
  rotate(@CurrentCaller() caller: Caller): Promise<WebhookSecretCreatedDto> {
    return this.secrets.rotate(caller.teamId);
  }

  @Get('secret')
  @RateLimit('default')
  @ApiOperation({
    summary: "When the team's webhook secret was made and how long a rotated one still signs (free)",
    description: 'Never the secret itself: it is shown once, by POST /webhooks/secret.',
  })
  @ApiOkResponse({ type: WebhookSecretInfoDto })
  info(@CurrentCaller() caller: Caller): Promise<WebhookSecretInfoDto> {
    return this.secrets.info(caller.teamId);
  }
}
