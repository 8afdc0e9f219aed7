import { Body, Controller } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
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
import { SearchBodyDto } from './dto/search-body.dto';
import { type SearchResponse, SearchService } from './search.service';

const SearchHeaders = (): MethodDecorator =>
  ApiResponse({
    status: 200,
    description:
      '`{matches, total}`: one page of results and the count of all rows the WHERE clause matches.',
    headers: {
      'Total-Count-Status': { description: 'exact | estimate | page: how `total` was derived' },
      'Search-Warning': {
        description:
          'Present when an industry filter no stored value satisfies: it names the filter and the closest ' +
          'stored values; the empty page is free.',
      },
    },
  });

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
  @SearchHeaders()
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
  @SearchHeaders()
  @BilledMatches('company')
  company(
    @Body() body: SearchBodyDto,
    @RouteBuildKind() kind: BuildKind,
    @CurrentCaller() caller: Caller,
  ): Promise<RouteAnswer<SearchResponse>> {
    return this.search.search('company', kind, body, caller);
  }
}
