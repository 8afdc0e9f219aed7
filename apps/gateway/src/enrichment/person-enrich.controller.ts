import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, Billed, Caller, CurrentCaller, RateLimit } from '../access';
import { Shaped } from '../shaping';
import { BulkResponse, runBulk } from './bulk';
import { BulkEnrichDto, PersonBulkItemDto } from './dto/bulk.dto';
import { PersonEnrichDto } from './dto/person-enrich.dto';
import type { EnrichResponse } from './enrich-results';
import { PersonEnrichService } from './person-enrich.service';

const ERRORS = [
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
];
const Errors = (): MethodDecorator => (target, key, descriptor) => {
  for (const d of ERRORS) d(target, key, descriptor);
};

@ApiTags('enrichment')
@ApiKeyAuth()
@Controller()
export class PersonEnrichController {
  constructor(private readonly people: PersonEnrichService) {}

  @Post('person/enrich')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Match one person by identifiers or name plus context; one credit per returned match',
  })
  @Errors()
  @Billed()
  @Shaped('person')
  enrich(@Body() body: PersonEnrichDto, @CurrentCaller() caller: Caller): Promise<EnrichResponse> {
    return this.people.enrich(body, caller, 'live');
  }

  @Get('person/enrich')
  @ApiOperation({
    summary: "The agent flow's form of person enrichment: the same parameters in the query string",
  })
  @Errors()
  @Billed()
  @Shaped('person')
  enrichByQuery(@Query() query: PersonEnrichDto, @CurrentCaller() caller: Caller): Promise<EnrichResponse> {
    return this.people.enrich(query, caller, 'live');
  }

  @Post('person/enrich/bulk')
  @HttpCode(200)
  @RateLimit('bulk')
  @ApiOperation({
    summary: 'Up to 100 person enrichments, each with its own status; one credit per returned match',
  })
  @Billed()
  @Shaped('person')
  bulk(@Body() body: BulkEnrichDto, @CurrentCaller() caller: Caller): Promise<BulkResponse> {
    return runBulk(body, PersonBulkItemDto, 'person', (item) => this.people.enrich(item, caller, 'live'));
  }

  @Post('sandbox/person/enrich')
  @HttpCode(200)
  @ApiOperation({ summary: 'Person enrichment against the fictional sandbox records; free' })
  @Errors()
  @Billed()
  @Shaped('person')
  sandbox(@Body() body: PersonEnrichDto, @CurrentCaller() caller: Caller): Promise<EnrichResponse> {
    return this.people.enrich(body, caller, 'sandbox');
  }

  @Post('sandbox/person/enrich/bulk')
  @HttpCode(200)
  @RateLimit('bulk')
  @ApiOperation({ summary: 'Bulk person enrichment against the sandbox records; free' })
  @Billed()
  @Shaped('person')
  sandboxBulk(@Body() body: BulkEnrichDto, @CurrentCaller() caller: Caller): Promise<BulkResponse> {
    return runBulk(body, PersonBulkItemDto, 'person', (item) => this.people.enrich(item, caller, 'sandbox'));
  }
}
