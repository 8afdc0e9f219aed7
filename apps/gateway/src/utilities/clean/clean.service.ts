import { Injectable } from '@nestjs/common';
import { FieldProblem, ServiceError, validationFailed } from '@app/contracts';
import { CLEAN_FIELDS, cleanField, CleanField, fallbackValue, isCleanField } from '@app/normalize';
import { CleanRequestDto, MAX_CLEAN_VALUE_LENGTH } from './dto/clean-request.dto';
import { CleanResponseDto, CleanResultDto } from './dto/clean-response.dto';

@Injectable()
export class CleanService {
  clean(request: CleanRequestDto): CleanResponseDto {
    const names = Object.keys(request.fields);
    const unsupported = names.filter((n) => !isCleanField(n));
    if (unsupported.length > 0) {
      throw new ServiceError(
        'invalid_request',
        `Unsupported field${unsupported.length > 1 ? 's' : ''}: ${unsupported.join(', ')}. Supported fields: ${CLEAN_FIELDS.join(', ')}.`,
        { unsupported, supported: [...CLEAN_FIELDS] },
      );
    }
    const problems: FieldProblem[] = [];
    for (const name of names) {
      const value = request.fields[name];
      const field = `fields.${name}`;
      if (typeof value !== 'string') problems.push({ field, problems: [`${field} must be a string`] });
      else if (value.length > MAX_CLEAN_VALUE_LENGTH) {
        problems.push({ field, problems: [`${field} must be at most ${MAX_CLEAN_VALUE_LENGTH} characters`] });
      }
    }
    if (problems.length > 0) throw validationFailed(problems);

    const defaultRegion = request.default_region ?? 'US';
    const results: Record<string, CleanResultDto> = {};
    for (const name of names as CleanField[]) {
      const original = request.fields[name] as string;
      const r = cleanField(name, original, { defaultRegion });
      results[name] = r.ok
        ? { original, cleaned: r.value, normalized: true }
        : { original, cleaned: fallbackValue(name, original), normalized: false, reason: r.reason };
    }
    return { results };
  }
}
