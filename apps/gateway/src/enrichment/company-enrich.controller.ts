import { Body, Controller } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { BuildKind } from '@app/contracts';
import { ApiKeyAuth, Caller, CurrentCaller, PostLiveAndSandbox, RateLimit, RouteBuildKind } from '../access';
import { BilledMatches } from '../billing';
import { BulkResponse, runBulk } from './bulk';
import { BulkEnrichDto, CompanyBulkItemDto } from './dto/bulk.dto';
import { CompanyEnrichDto } from './dto/company-enrich.dto';
import { COMPANY_ENRICH_RESPONSES } from './dto/enrich-response.dto';
import { CompanyEnrichService } from './company-enrich.service';
import type { EnrichResponse } from './enrich-results';

@ApiTags('enrichment')
@ApiKeyAuth()
@Controller()
export class CompanyEnrichController {
  constructor(private readonly companies: CompanyEnrichService) {}

  @PostLiveAndSandbox('company/enrich', {
    summary: 'Match one company by name, website, page URL, ticker or svc_id; one credit per returned match',
    sandboxSummary: 'Company enrichment against the fictional sandbox records; free',
  })
  @ApiOkResponse({ type: COMPANY_ENRICH_RESPONSES.response })
  @ApiResponse({
    status: 400,
    description: '`minimum_requirements_not_met` or `invalid_request` (required_fields).',
  })
  @ApiResponse({
    status: 403,
    description: '`feature_not_available`: multiple_results needs an enterprise-tier team.',
  })
  @BilledMatches('company')
  enrich(
    @Body() body: CompanyEnrichDto,
    @CurrentCaller() caller: Caller,
    @RouteBuildKind() kind: BuildKind,
  ): Promise<EnrichResponse> {
    return this.companies.enrich(body, caller, kind);
  }

  @PostLiveAndSandbox('company/enrich/bulk', {
    summary: 'Up to 100 company enrichments, each with its own status; one credit per returned match',
    sandboxSummary: 'Bulk company enrichment against the fictional sandbox records; free',
  })
  @RateLimit('bulk')
  @ApiOkResponse({ type: COMPANY_ENRICH_RESPONSES.bulk })
  @BilledMatches('company')
  bulk(
    @Body() body: BulkEnrichDto,
    @CurrentCaller() caller: Caller,
    @RouteBuildKind() kind: BuildKind,
  ): Promise<BulkResponse> {
    return runBulk(body, CompanyBulkItemDto, 'company', (item) => this.companies.enrich(item, caller, kind));
  }
}
