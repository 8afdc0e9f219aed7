import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SEARCH_PATTERNS, SearchStatusReply } from '@app/contracts';
import { StatusService } from './status.service';

@Controller()
export class StatusController {
  constructor(private readonly status: StatusService) {}

  @MessagePattern(SEARCH_PATTERNS.status)
  check(): Promise<SearchStatusReply> {
    return this.status.status();
  }
}
