import { applyDecorators, Body, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { BuildKind } from '@app/contracts';
import { ApiKeyAuth, Caller, CurrentCaller, PostLiveAndSandbox, RateLimit, RouteBuildKind } from '../access';
import { BilledMatches } from '../billing';
import { BulkResponse, runBulk } from './bulk';
import { BulkEnrichDto, PersonBulkItemDto } from './dto/bulk.dto';
import { PERSON_ENRICH_RESPONSES } from './dto/enrich-response.dto';
import { PersonEnrichDto } from './dto/person-enrich.dto';
import type { EnrichResponse } from './enrich-results';
import { PersonEnrichService } from './person-enrich.service';

const Answers = () =>
  applyDecorators(
    ApiOkResponse({ type: PERSON_ENRICH_RESPONSES.response }),
    ApiResponse({
      status: 400,
      description: '`minimum_requirements_not_met`, `invalid_email`, or `invalid_request` (required_fields).',
    }),
    ApiResponse({
      status: 403,
      description: '`feature_not_available`: multiple_results needs an enterprise-tier team.',
    }),
    ApiResponse({
      status: 422,
      description:
        '`validation_failed`: a field has the wrong type or cannot be read (phone, social_url, birth_date…).',
    }),
  );

@ApiTags('enrichment')
@ApiKeyAuth()
@Controller()
export class PersonEnrichController {
  constructor(private readonly people: PersonEnrichService) {}

  @PostLiveAndSandbox('person/enrich', {
    summary: 'Match one person by identifiers or name plus context; one credit per returned match',
    sandboxSummary: 'Person enrichment against the fictional sandbox records; free',
  })
  @Answers()
  @BilledMatches('person')
  enrich(
    @Body() body: PersonEnrichDto,
    @CurrentCaller() caller: Caller,
    @RouteBuildKind() kind: BuildKind,
  ): Promise<EnrichResponse> {
    return this.people.enrich(body, caller, kind);
  }

  // The agent flow's GET form has no sandbox mirror (SPEC lists POST ones only).
  @Get('person/enrich')
  @ApiOperation({
    summary: "The agent flow's form of person enrichment: the same parameters in the query string",
  })
  @Answers()
  @BilledMatches('person')
  enrichByQuery(@Query() query: PersonEnrichDto, @CurrentCaller() caller: Caller): Promise<EnrichResponse> {
    return this.people.enrich(query, caller, 'live');
  }

  @PostLiveAndSandbox('person/enrich/bulk', {
    summary: 'Up to 100 person enrichments, each with its own status; one credit per returned match',
    sandboxSummary: 'Bulk person enrichment against the fictional sandbox records; free',
  })
  @RateLimit('bulk')
  @ApiOkResponse({ type: PERSON_ENRICH_RESPONSES.bulk })
  @BilledMatches('person')
  bulk(
    @Body() body: BulkEnrichDto,
    @CurrentCaller() caller: Caller,
    @RouteBuildKind() kind: BuildKind,
  ): Promise<BulkResponse> {
    return runBulk(body, PersonBulkItemDto, 'person', (item) => this.people.enrich(item, caller, kind));
  }
}
