import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUrl, MaxLength } from 'class-validator';
import { ShapingParamsDto } from '../../shaping';

/**
 * A job's options: in a JSON body beside `requests`, or in the query string of a JSONL or CSV
 * upload. The shaping parameters are defaults an item's own override; `pretty` has no effect
 * on a results file (one record per line).
 */
export class JobOptionsDto extends ShapingParamsDto {
  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    maxLength: 2000,
    example: 'https://example.com/hooks/svc',
    description:
      "Where job.completed, job.failed and job.paused are sent, signed with your team's webhook secret (POST /webhooks/secret). " +
      'Private, loopback and link-local addresses are refused unless the operator allowlists them.',
  })
  @IsOptional()
  @MaxLength(2000)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false, disallow_auth: true },
    { message: 'webhook_url must be an http or https URL without credentials' },
  )
  webhook_url?: string;
}
