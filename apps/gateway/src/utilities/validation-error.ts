import { ServiceError } from '@app/contracts';

export interface FieldProblem {
  field: string;
  problems: string[];
}

/** 422 `validation_failed` in the global ValidationPipe's shape, for rules a DTO cannot express. */
export function validationFailed(details: FieldProblem[]): ServiceError {
  const summary = details.map((d) => `${d.field}: ${d.problems.join('; ')}`).join(' | ');
  return new ServiceError('validation_failed', `The request has invalid fields: ${summary}`, details);
}
