import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BuildKind } from '@app/contracts';
import {
  ApiKeyAuth,
  type Caller,
  CurrentCaller,
  Enterprise,
  PostLiveAndSandbox,
  RateLimit,
  RouteBuildKind,
} from '../access';
import { BilledMatches } from '../billing';
import type { RouteAnswer } from '../route-answer';
import { ApiWorkerAnswer } from '../search-client/worker-answer-docs';
import { COMPANY_SEARCH_RESPONSE, PERSON_SEARCH_RESPONSE } from './dto/search-response.dto';
import { SearchBodyDto } from './dto/search-body.dto';
import { type SearchResponse, SearchService } from './search.service';

const description =
  '`{matches, total}`: one page of results and the count of all rows the WHERE clause matches.';

@ApiTags('search')
@ApiKeyAuth()
@RateLimit('search')
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @PostLiveAndSandbox('person/search', {
    summary: 'Search people with a SQL subset (beta)',
    sandboxSummary: 'Person search against the fictional sandbox records; free',
  })
  @Enterprise({ agentKeysOnly: true })
  @ApiWorkerAnswer(PERSON_SEARCH_RESPONSE, description)
  @BilledMatches('person')
  person(
    @Body() body: SearchBodyDto,
    @RouteBuildKind() kind: BuildKind,
    @CurrentCaller() caller: Caller,
  ): Promise<RouteAnswer<SearchResponse>> {
    return this.search.search('person', kind, body, caller);
  }

  @PostLiveAndSandbox('company/search', {
    summary: 'Search companies with a SQL subset (beta)',
    sandboxSummary: 'Company search against the fictional sandbox records; free',
  })
  @Enterprise({ agentKeysOnly: true })
  @ApiWorkerAnswer(COMPANY_SEARCH_RESPONSE, description)
  @BilledMatches('company')
  company(
    @Body() body: SearchBodyDto,
    @RouteBuildKind() kind: BuildKind,
    @CurrentCaller() caller: Caller,
  ): Promise<RouteAnswer<SearchResponse>> {
    return this.search.search('company', kind, body, caller);
  }
}
