import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ServiceError } from '@app/contracts';
import { SearchRequestDto } from './dto/search-request.dto';

export function validateSearchPayload(payload: unknown): SearchRequestDto {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new ServiceError('invalid_request', 'The search request must be a JSON object');
  }
  const dto = plainToInstance(SearchRequestDto, payload);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) {
    const details = errors.map((e) => ({ field: e.property, problems: Object.values(e.constraints ?? {}) }));
    throw new ServiceError(
      'validation_failed',
      `The search request has invalid fields: ${details.map((d) => `${d.field}: ${d.problems.join('; ')}`).join(' | ')}`,
      details,
    );
  }
  return dto;
}
