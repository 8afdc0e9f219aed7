import { ServiceError } from '@app/contracts';
import { createValidationPipe } from '@app/server';
import { SearchRequestDto } from './dto/search-request.dto';

/** The same pipe as every HTTP body: a bad NATS payload gets the same 422 `validation_failed` details. */
const pipe = createValidationPipe();

export async function validateSearchPayload(payload: unknown): Promise<SearchRequestDto> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new ServiceError('invalid_request', 'The search request must be a JSON object');
  }
  return (await pipe.transform(payload, { type: 'body', metatype: SearchRequestDto })) as SearchRequestDto;
}
