import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { checkPostgres, healthReport, HealthReport, healthResponse } from '@app/server';

@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get()
  async check(): Promise<HealthReport> {
    return healthResponse(healthReport({ postgres: await checkPostgres(this.db) }));
  }
}
