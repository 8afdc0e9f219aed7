import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IndustriesReply, SEARCH_PATTERNS, SearchReply } from '@app/contracts';
import { SearchService } from './search.service';
import { IndustriesRequestDto, SearchRequestDto } from './dto/search-request.dto';
import { validatePayload } from '../validate-payload';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @MessagePattern(SEARCH_PATTERNS.personSearch)
  async person(@Payload() payload: unknown): Promise<SearchReply> {
    return this.search.search('person', await validatePayload(SearchRequestDto, payload, 'search'));
  }

  @MessagePattern(SEARCH_PATTERNS.companySearch)
  async company(@Payload() payload: unknown): Promise<SearchReply> {
    return this.search.search('company', await validatePayload(SearchRequestDto, payload, 'search'));
  }

  @MessagePattern(SEARCH_PATTERNS.industries)
  async industries(@Payload() payload: unknown): Promise<IndustriesReply> {
    const { kind } = await validatePayload(IndustriesRequestDto, payload, 'industries');
    return this.search.industriesOf(kind);
  }
}
