import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AutocompleteReply, SEARCH_PATTERNS } from '@app/contracts';
import { validatePayload } from '../validate-payload';
import { AutocompleteService } from './autocomplete.service';
import { AutocompleteRequestDto } from './dto/autocomplete-request.dto';

@Controller()
export class AutocompleteController {
  constructor(private readonly autocomplete: AutocompleteService) {}

  @MessagePattern(SEARCH_PATTERNS.autocomplete)
  async suggest(@Payload() payload: unknown): Promise<AutocompleteReply> {
    return this.autocomplete.suggest(await validatePayload(AutocompleteRequestDto, payload, 'autocomplete'));
  }
}
