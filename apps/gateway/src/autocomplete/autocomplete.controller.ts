import { Controller, Query } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { BuildKind } from '@app/contracts';
import { ApiKeyAuth, GetLiveAndSandbox, RateLimit, RouteBuildKind } from '../access';
import { AutocompleteService } from './autocomplete.service';
import { AutocompleteQueryDto } from './dto/autocomplete-query.dto';
import { AutocompleteResponseDto } from './dto/autocomplete-response.dto';

@ApiTags('autocomplete')
@ApiKeyAuth()
@Controller()
export class AutocompleteController {
  constructor(private readonly autocomplete: AutocompleteService) {}

  @GetLiveAndSandbox('autocomplete', {
    summary:
      'Suggest stored values of a field by prefix, most frequent first, with their record counts (free)',
    sandboxSummary: 'Suggest values of the fictional sandbox records (free)',
  })
  @RateLimit('autocomplete')
  @ApiOkResponse({ type: AutocompleteResponseDto, description: 'The suggestions, most frequent first.' })
  @ApiResponse({
    status: 422,
    description:
      '`validation_failed`: a field the entity does not offer, an unknown entity, text over 100 characters, size outside 1 to 100.',
  })
  @ApiResponse({
    status: 503,
    description:
      "`service_unavailable`: the search service did not answer in time, or the build's values are being prepared (once per build; `Retry-After`).",
  })
  suggest(
    @Query() query: AutocompleteQueryDto,
    @RouteBuildKind() kind: BuildKind,
  ): Promise<AutocompleteResponseDto> {
    return this.autocomplete.suggest(kind, query);
  }
}
