import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../access/caller';
import { ReportRequestDto } from './dto/report-request.dto';
import { ReportResponseDto } from './dto/report-response.dto';
import { Reporter, ReportsService } from './reports.service';
import { ApiKeyAuth, RateLimit } from '../access';

const RULES =
  '422 `validation_failed` names the field when: the issue_type/issue_level combination does not apply; svc_id ' +
  'matches no live record of this type; field is not a group or response field; the field is metadata or ' +
  'provenance; neither correct_value nor comment is given; a length limit is exceeded. See docs/reports.md.';

function reporterOf(request: FastifyRequest): Reporter | null {
  const caller = accessOf(request)?.caller;
  return caller ? { apiKeyId: caller.keyId, teamId: caller.teamId } : null;
}

@ApiTags('reports')
@ApiKeyAuth()
@Controller('utility/report')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post('person')
  @RateLimit('report')
  @HttpCode(200)
  @ApiOperation({ summary: 'Report a data issue in a person record (free)', description: RULES })
  @ApiOkResponse({ type: ReportResponseDto })
  @ApiResponse({
    status: 422,
    description: '`validation_failed`, with one `{field, problems}` entry per violated rule.',
  })
  person(@Body() body: ReportRequestDto, @Req() request: FastifyRequest): Promise<ReportResponseDto> {
    return this.reports.create('person', body, reporterOf(request));
  }

  @Post('company')
  @RateLimit('report')
  @HttpCode(200)
  @ApiOperation({ summary: 'Report a data issue in a company record (free)', description: RULES })
  @ApiOkResponse({ type: ReportResponseDto })
  @ApiResponse({
    status: 422,
    description: '`validation_failed`, with one `{field, problems}` entry per violated rule.',
  })
  company(@Body() body: ReportRequestDto, @Req() request: FastifyRequest): Promise<ReportResponseDto> {
    return this.reports.create('company', body, reporterOf(request));
  }
}
