import { Body, Controller, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BuildKind } from '@app/contracts';
import {
  ApiKeyAuth,
  type Caller,
  CurrentCaller,
  PostLiveAndSandbox,
  RateLimit,
  RouteBuildKind,
} from '../access';
import { BilledMatches } from '../billing';
import type { RouteAnswer } from '../route-answer';
import { ApiWorkerAnswer } from '../search-client/worker-answer-docs';
import { DiscoverService, type DiscoverResponse } from './discover.service';
import { DiscoverBodyDto } from './dto/discover-body.dto';
import { COMPANY_DISCOVER_RESPONSE, PERSON_DISCOVER_RESPONSE } from './dto/discover-response.dto';

const DiscoverResponses = (type: Type<unknown>): MethodDecorator =>
  ApiWorkerAnswer(
    type,
    '`{matches, total, generated_query, interpretation}`: one page of results, the count of all rows, the SQL-subset ' +
      'query the description became, and what was understood (recognised phrases, unsupported ones, ignored words, and `not_in_build`: values the query names that the served build does not store).',
    '`invalid_query`: nothing in the description could be searched (details list the ignored words and working ' +
      'examples); in the sandbox, a description outside the fixed set (details.supported_queries).',
  );

@ApiTags('discovery')
@ApiKeyAuth()
@Controller()
// Named Discovery*, not Discover* like its module and service: the class name is the prefix of
// the routes' OpenAPI operationIds (DiscoveryController_person), which generated clients name
// their methods after.
export class DiscoveryController {
  constructor(private readonly discovery: DiscoverService) {}

  @PostLiveAndSandbox('person/discover', {
    summary: 'Find people from a plain-language description (beta); one credit per returned match',
    sandboxSummary: 'Person discovery (three fixed queries) against the fictional sandbox records; free',
  })
  @RateLimit('discover')
  @DiscoverResponses(PERSON_DISCOVER_RESPONSE)
  @BilledMatches('person')
  person(
    @Body() body: DiscoverBodyDto,
    @RouteBuildKind() kind: BuildKind,
    @CurrentCaller() caller: Caller,
  ): Promise<RouteAnswer<DiscoverResponse>> {
    return this.discovery.discover('person', kind, body, caller);
  }

  @PostLiveAndSandbox('company/discover', {
    summary: 'Find companies from a plain-language description (beta); one credit per returned match',
    sandboxSummary: 'Company discovery (three fixed queries) against the fictional sandbox records; free',
  })
  @RateLimit('discover')
  @DiscoverResponses(COMPANY_DISCOVER_RESPONSE)
  @BilledMatches('company')
  company(
    @Body() body: DiscoverBodyDto,
    @RouteBuildKind() kind: BuildKind,
    @CurrentCaller() caller: Caller,
  ): Promise<RouteAnswer<DiscoverResponse>> {
    return this.discovery.discover('company', kind, body, caller);
  }
}
