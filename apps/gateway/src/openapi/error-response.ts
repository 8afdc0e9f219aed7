import {
  ApiProperty,
  getSchemaPath,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
} from '@nestjs/swagger';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@app/contracts';

/** The one error body every endpoint answers with (libs/contracts ErrorBody), as a schema. */
export class ErrorResponse implements ErrorBody {
  @ApiProperty({ enum: ERROR_CODES, description: 'What went wrong, as a stable code (docs/errors.md).' })
  error!: ErrorCode;

  @ApiProperty({ description: 'What to change, in words.' })
  message!: string;

  @ApiProperty({
    description: 'Machine-readable particulars (the bad fields, the limit, the suggestions), or null.',
    // OpenAPI 3.0 has no `type: [object, array, null]`; null is carried by the object branch.
    oneOf: [
      { type: 'object', nullable: true, additionalProperties: true },
      { type: 'array', items: {} },
    ],
  })
  details!: ErrorBody['details'];
}

const VALIDATION_FAILED =
  '`validation_failed`: a field has the wrong type, is out of range or is not one this route takes; `details` names each field and what is wrong with it.';

/**
 * The global ValidationPipe checks every body, query and path DTO before the handler runs, so a
 * route that takes any of them can answer 422 whether or not its controller says so.
 */
export function documentValidationFailures(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as OperationObject[]) {
      if (!operation?.responses || operation.responses['422']) continue;
      const parameters = (operation.parameters ?? []) as ParameterObject[];
      if (operation.requestBody || parameters.some((p) => p.in === 'query' || p.in === 'path'))
        operation.responses['422'] = { description: VALIDATION_FAILED };
    }
}

/**
 * Every 4xx and 5xx of every operation is an ErrorResponse: the controllers' decorators say why
 * a status happens, this says what its body is, once for the whole document. A route whose error
 * is written by someone else (a 202 upload's 413 from Fastify) goes through the same filter.
 */
export function documentErrorBodies(document: OpenAPIObject): void {
  const content = { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) } } };
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item)) {
      const responses = (operation as { responses?: Record<string, ResponseObject> }).responses;
      for (const [status, response] of Object.entries(responses ?? {}))
        // A route that answers an error in another shape (/mcp's JSON-RPC errors) documents its own.
        if (Number(status) >= 400 && !response.content) responses![status] = { ...response, content };
    }
}
