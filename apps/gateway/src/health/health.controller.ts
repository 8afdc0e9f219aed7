import { Controller, Get, Headers, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '@app/config';
import { HealthReport, healthResponse, isOperator, PublicHealth } from '@app/server';
import { Public } from '../access';
import { HealthService } from './health.service';

@ApiTags('operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Dependency health: 200 when all are up, otherwise 503 (ErrorResponse). Each dependency is named, with its reason, only for `Authorization: Bearer <OPERATOR_TOKEN>`.',
  })
  async check(@Headers('authorization') authorization?: string): Promise<HealthReport | PublicHealth> {
    return healthResponse(await this.health.report(), isOperator(authorization, this.config.operatorToken));
  }
}
