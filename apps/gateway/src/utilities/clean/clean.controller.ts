import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CleanService } from './clean.service';
import { CleanRequestDto } from './dto/clean-request.dto';
import { CleanResponseDto, CleanResultDto, OrganizationValueDto } from './dto/clean-response.dto';
import { ApiKeyAuth } from '../../access';

@ApiTags('utilities')
@ApiExtraModels(CleanResultDto, OrganizationValueDto)
@ApiKeyAuth()
@Controller('utility')
export class CleanController {
  constructor(private readonly cleaner: CleanService) {}

  @Post('clean')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Clean and normalize input fields (free)',
    description:
      'Emails, phones (E.164), names, states, countries, social URLs, schools, domains, companies, company page ' +
      'URLs and tickers, as enrichment cleans them. Search expects values in this form. See docs/utilities.md.',
  })
  @ApiOkResponse({ type: CleanResponseDto })
  @ApiResponse({
    status: 400,
    description: '`invalid_request`: an unsupported field name; `details.supported` lists the fields.',
  })
  @ApiResponse({
    status: 422,
    description:
      '`validation_failed`: fields missing or empty, a value not a string or too long, a bad default_region.',
  })
  clean(@Body() body: CleanRequestDto): CleanResponseDto {
    return this.cleaner.clean(body);
  }
}
