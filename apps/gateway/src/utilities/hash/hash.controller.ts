import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EmailHashRequestDto, EmailHashResponseDto } from './dto/email-hash.dto';
import { HashService } from './hash.service';
import { ApiKeyAuth, RateLimit } from '../../access';

@ApiTags('utilities')
@ApiKeyAuth()
@Controller('utility')
export class HashController {
  constructor(private readonly hashes: HashService) {}

  @Post('hash/email')
  @RateLimit('hash_email')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Normalize an email address and hash it (free)',
    description:
      'SHA-256, SHA-1 and MD5 of the normalized address; any hash can be sent as email_hash to enrichment.',
  })
  @ApiOkResponse({ type: EmailHashResponseDto })
  @ApiResponse({
    status: 400,
    description: '`invalid_email`: not an email address; `details.reason` says why.',
  })
  @ApiResponse({
    status: 422,
    description: '`validation_failed`: email missing, not a string or over 1000 characters.',
  })
  hashEmail(@Body() body: EmailHashRequestDto): EmailHashResponseDto {
    return this.hashes.hashEmail(body);
  }
}
