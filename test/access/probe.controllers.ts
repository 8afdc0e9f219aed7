import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  ApiKeyAuth,
  type Caller,
  CurrentCaller,
  Enterprise,
  Public,
  RateLimit,
  TierService,
} from '../../apps/gateway/src/access';
import { BilledMatches } from '../../apps/gateway/src/billing';
import { RouteAnswer } from '../../apps/gateway/src/route-answer';
import { ShapingParamsDto } from '../../apps/gateway/src/shaping';

export class MatchesDto extends ShapingParamsDto {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  matches?: number;

  @IsOptional()
  @IsBoolean()
  multiple_results?: boolean;
}

/** Counts handler runs, so tests can tell a 402 pre-check (no work done) from a 402 at charge time. */
export const handlerRuns = { billed: 0 };

// svc_ids shaped like real ones: a billed answer's records go to the access log, a uuid column.
const svcId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const page = (n: number) => ({
  matches: Array.from({ length: n }, (_, i) => ({ person: { svc_id: svcId(i), full_name: `person ${i}` } })),
  total: n,
});

/** Stand-ins for the enrichment, search, report and utility endpoints, with their access rules. */
@ApiKeyAuth()
@Controller('probe')
export class ProbeController {
  constructor(private readonly tiers: TierService) {}

  @Post('billed')
  @HttpCode(200)
  @BilledMatches('person')
  billed(@Body() body: MatchesDto, @CurrentCaller() caller: Caller) {
    handlerRuns.billed++;
    if (body.multiple_results) this.tiers.requireEnterprise(caller, 'multiple_results');
    return page(body.matches ?? 1);
  }

  @Get('billed')
  @BilledMatches('person')
  billedGet() {
    return page(1);
  }

  @Post('free-page')
  @HttpCode(200)
  @BilledMatches('person')
  freePage() {
    return new RouteAnswer(page(0), {}, null);
  }

  @Post('enterprise')
  @HttpCode(200)
  @Enterprise()
  enterprise() {
    return { ok: true };
  }

  @Post('search')
  @HttpCode(200)
  @BilledMatches('person')
  @Enterprise({ agentKeysOnly: true })
  search(@Body() body: MatchesDto) {
    return page(body.matches ?? 1);
  }

  @Post('free')
  @HttpCode(200)
  free() {
    return { ok: true };
  }

  @Post('hash')
  @HttpCode(200)
  @RateLimit('hash_email')
  hash() {
    return { ok: true };
  }

  @Post('report')
  @HttpCode(200)
  @RateLimit('report')
  report() {
    return { ok: true };
  }

  @Get('public')
  @Public()
  open() {
    return { ok: true };
  }
}

@ApiKeyAuth()
@Controller('sandbox')
export class SandboxProbeController {
  @Post('probe')
  @HttpCode(200)
  @BilledMatches('person')
  probe(@Body() body: MatchesDto) {
    return page(body.matches ?? 1);
  }
}

export const PROBE_CONTROLLERS = [ProbeController, SandboxProbeController];
