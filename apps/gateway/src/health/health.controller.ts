import { Controller, Get, Headers, Inject } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '@app/config';
import { HealthReport, healthResponse, isOperator, PublicHealth } from '@app/server';
import { Public } from '../access';
import { DependencyCheckDto, HealthResponseDto } from './dto/health-response.dto';
import { HealthService } from './health.service';

@ApiTags('operations')
@ApiExtraModels(DependencyCheckDto)
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
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiResponse({
    status: 503,
    description: '`service_unavailable`: a dependency is down (named for the operator).',
  })
  async check(@Headers('authorization') authorization?: string): Promise<HealthReport | PublicHealth> {
    return healthResponse(await this.health.report(), isOperator(authorization, this.config.operatorToken));
  }
}
