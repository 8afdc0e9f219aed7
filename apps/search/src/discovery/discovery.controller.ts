import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DiscoverReply, SEARCH_PATTERNS } from '@app/contracts';
import { validatePayload } from '../validate-payload';
import { DiscoveryService } from './discovery.service';
import { DiscoverRequestDto } from './dto/discover-request.dto';

@Controller()
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  @MessagePattern(SEARCH_PATTERNS.personDiscover)
  async person(@Payload() payload: unknown): Promise<DiscoverReply> {
    return this.discovery.discover('person', await validatePayload(DiscoverRequestDto, payload, 'discovery'));
  }

  @MessagePattern(SEARCH_PATTERNS.companyDiscover)
  async company(@Payload() payload: unknown): Promise<DiscoverReply> {
    return this.discovery.discover(
      'company',
      await validatePayload(DiscoverRequestDto, payload, 'discovery'),
    );
  }
}
