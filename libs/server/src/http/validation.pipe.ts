import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldProblem, validationFailed } from '@app/contracts';

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
    exceptionFactory: (errors) => validationFailed(flatten(errors)),
  });
}
