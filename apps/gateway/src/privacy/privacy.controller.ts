import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ListSuppressionsDto } from './dto/list-suppressions.dto';
import { PersonIdentifiersDto } from './dto/person-identifiers.dto';
import {
  LiftResultDto,
  SubjectReportDto,
  SuppressionListDto,
  SuppressionResultDto,
} from './dto/privacy-responses.dto';
import { SuppressionRequestDto } from './dto/suppression-request.dto';
import { OperatorAuth } from './operator-auth.decorator';
import { PrivacyService } from './privacy.service';

/** Operator-only privacy requests (docs/privacy.md); the CLI's privacy:* commands do the same. */
@ApiTags('privacy (operators)')
@Controller('privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Post('suppressions')
  @OperatorAuth()
  @ApiOperation({
    summary:
      'Suppress a person (opt-out, erasure): removed from every live build in Postgres and OpenSearch before this answers, ' +
      'never returned by enrichment, search or discovery on any gateway within 2 s, and left out of every later load. ' +
      'Identifiers are kept as sha256 of their normalized form only.',
  })
  @ApiCreatedResponse({ type: SuppressionResultDto })
  @ApiResponse({
    status: 400,
    description:
      '`invalid_request`: an identifier is empty or unreadable, too many of them, or reason too long.',
  })
  suppress(@Body() body: SuppressionRequestDto) {
    return this.privacy.suppress(body);
  }

  @Get('suppressions')
  @OperatorAuth()
  @ApiOperation({ summary: 'Standing suppressions (with include_lifted, lifted ones too), newest first.' })
  @ApiOkResponse({ type: SuppressionListDto })
  async list(@Query() query: ListSuppressionsDto) {
    return {
      suppressions: await this.privacy.list({
        includeLifted: query.include_lifted,
        limit: query.limit,
        before: query.before,
      }),
    };
  }

  @Delete('suppressions/:id')
  @OperatorAuth()
  @ApiOperation({ summary: 'Lift a suppression: its people are served again from the next data load on.' })
  @ApiOkResponse({ type: LiftResultDto })
  @ApiResponse({ status: 404, description: '`not_found`: no such suppression.' })
  @ApiResponse({ status: 409, description: '`conflict`: the suppression was lifted already.' })
  unsuppress(@Param('id', ParseIntPipe) id: number) {
    return this.privacy.unsuppress(id);
  }

  @Post('reports')
  @HttpCode(200)
  @OperatorAuth()
  @ApiOperation({
    summary:
      "A subject report: the person's record as served, every build that held it, their suppressions and the access " +
      'log (which teams received the record, when, through which endpoint). POST, so identifiers stay out of URLs and logs.',
  })
  @ApiOkResponse({ type: SubjectReportDto })
  @ApiResponse({
    status: 400,
    description: '`invalid_request`: an identifier is empty or unreadable, or too many of them.',
  })
  report(@Body() body: PersonIdentifiersDto) {
    return this.privacy.report(body);
  }
}
