import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ServiceError } from '@app/contracts';

export interface FieldProblem {
  field: string;
  problems: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return own.concat(flatten(e.children ?? [], field));
  });
}

/** The one global pipe: DTO failures become 422 `validation_failed` naming every field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const summary = details.map((d) => `${d.field}: ${d.problems.join('; ')}`).join(' | ');
      return new ServiceError('validation_failed', `The request has invalid fields: ${summary}`, details);
    },
  });
}
