import { Controller, Get, Headers, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  checkPostgres,
  healthReport,
  HealthReport,
  healthResponse,
  isOperator,
  PublicHealth,
} from '@app/server';

/** Status for anyone; the Postgres check's details only for `Authorization: Bearer <OPERATOR_TOKEN>`. */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async check(@Headers('authorization') authorization?: string): Promise<HealthReport | PublicHealth> {
    const report = healthReport({ postgres: await checkPostgres(this.db) });
    return healthResponse(report, isOperator(authorization, this.config.operatorToken));
  }
}
