import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { DependencyCheck, HealthReport, PublicHealth } from '@app/server';

/** One dependency's check; a down one adds its `reason`, some add their own particulars. */
export class DependencyCheckDto implements DependencyCheck {
  [detail: string]: unknown;

  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiProperty({ type: 'number', description: 'How long the check took.' })
  took_ms!: number;
}

/** `{status: "ok"}` for anyone; the operator also gets each dependency's check. */
export class HealthResponseDto implements PublicHealth {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiPropertyOptional({
    description: 'Only with `Authorization: Bearer <OPERATOR_TOKEN>`: each dependency by name.',
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(DependencyCheckDto) },
  })
  checks?: HealthReport['checks'];
}
