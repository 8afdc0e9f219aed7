import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthReport, healthResponse } from '@app/server';
import { Public } from '../access';
import { HealthService } from './health.service';

@ApiTags('operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({
    summary: 'Dependency health: 200 when all are up, otherwise 503 (ErrorResponse) naming those down.',
  })
  async check(): Promise<HealthReport> {
    return healthResponse(await this.health.report());
  }
}
