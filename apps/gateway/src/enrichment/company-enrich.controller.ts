import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, Billed, Caller, CurrentCaller, RateLimit } from '../access';
import { Shaped } from '../shaping';
import { BulkResponse, runBulk } from './bulk';
import { BulkEnrichDto, CompanyBulkItemDto } from './dto/bulk.dto';
import { CompanyEnrichDto } from './dto/company-enrich.dto';
import { CompanyEnrichService } from './company-enrich.service';
import type { EnrichResponse } from './enrich-results';

@ApiTags('enrichment')
@ApiKeyAuth()
@Controller()
export class CompanyEnrichController {
  constructor(private readonly companies: CompanyEnrichService) {}

  @Post('company/enrich')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Match one company by name, website, page URL, ticker or svc_id; one credit per returned match',
  })
  @ApiResponse({
    status: 400,
    description: '`minimum_requirements_not_met` or `invalid_request` (required_fields).',
  })
  @ApiResponse({
    status: 403,
    description: '`feature_not_available`: multiple_results needs an enterprise-tier team.',
  })
  @Billed()
  @Shaped('company')
  enrich(@Body() body: CompanyEnrichDto, @CurrentCaller() caller: Caller): Promise<EnrichResponse> {
    return this.companies.enrich(body, caller, 'live');
  }

  @Post('company/enrich/bulk')
  @HttpCode(200)
  @RateLimit('bulk')
  @ApiOperation({ summary: 'Up to 100 company enrichments, each with its own status' })
  @Billed()
  @Shaped('company')
  bulk(@Body() body: BulkEnrichDto, @CurrentCaller() caller: Caller): Promise<BulkResponse> {
    return runBulk(body, CompanyBulkItemDto, 'company', (item) =>
      this.companies.enrich(item, caller, 'live'),
    );
  }

  @Post('sandbox/company/enrich')
  @HttpCode(200)
  @ApiOperation({ summary: 'Company enrichment against the fictional sandbox records; free' })
  @Billed()
  @Shaped('company')
  sandbox(@Body() body: CompanyEnrichDto, @CurrentCaller() caller: Caller): Promise<EnrichResponse> {
    return this.companies.enrich(body, caller, 'sandbox');
  }

  @Post('sandbox/company/enrich/bulk')
  @HttpCode(200)
  @RateLimit('bulk')
  @ApiOperation({ summary: 'Bulk company enrichment against the sandbox records; free' })
  @Billed()
  @Shaped('company')
  sandboxBulk(@Body() body: BulkEnrichDto, @CurrentCaller() caller: Caller): Promise<BulkResponse> {
    return runBulk(body, CompanyBulkItemDto, 'company', (item) =>
      this.companies.enrich(item, caller, 'sandbox'),
    );
  }
}
