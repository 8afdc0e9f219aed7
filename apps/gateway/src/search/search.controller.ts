import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiKeyAuth, Billed, Enterprise } from '../access';
import { Shaped } from '../shaping';
import { SearchBodyDto } from './dto/search-body.dto';
import { SearchResponse, SearchService } from './search.service';

const TOTAL_HEADER = { name: 'Total-Count-Status', description: 'exact | estimate | page: how `total` was derived' };

@ApiTags('search')
@ApiKeyAuth()
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Post('person/search')
  @HttpCode(200)
  @Enterprise({ agentKeysOnly: true })
  @ApiOperation({ summary: 'Search people with a SQL subset (beta)' })
  @ApiResponse({ status: 200, headers: { 'Total-Count-Status': TOTAL_HEADER } })
  @Billed()
  @Shaped('person')
  person(@Body() body: SearchBodyDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SearchResponse> {
    return this.search.search('person', 'live', body, reply);
  }

  @Post('company/search')
  @HttpCode(200)
  @Enterprise({ agentKeysOnly: true })
  @ApiOperation({ summary: 'Search companies with a SQL subset (beta)' })
  @Billed()
  @Shaped('company')
  company(@Body() body: SearchBodyDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SearchResponse> {
    return this.search.search('company', 'live', body, reply);
  }

  @Post('sandbox/person/search')
  @HttpCode(200)
  @ApiOperation({ summary: 'Person search against the fictional sandbox records; free' })
  @Billed()
  @Shaped('person')
  sandboxPerson(@Body() body: SearchBodyDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SearchResponse> {
    return this.search.search('person', 'sandbox', body, reply);
  }

  @Post('sandbox/company/search')
  @HttpCode(200)
  @ApiOperation({ summary: 'Company search against the fictional sandbox records; free' })
  @Billed()
  @Shaped('company')
  sandboxCompany(@Body() body: SearchBodyDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SearchResponse> {
    return this.search.search('company', 'sandbox', body, reply);
  }
}
