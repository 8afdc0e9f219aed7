import type { Type } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import { createValidationPipe } from '@app/server';

/** The same pipe as every HTTP body: a bad NATS payload gets the same 422 `validation_failed` details. */
const pipe = createValidationPipe();

export async function validatePayload<T extends object>(
  dto: Type<T>,
  payload: unknown,
  what: string,
): Promise<T> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new ServiceError('invalid_request', `The ${what} request must be a JSON object`);
  }
  return (await pipe.transform(payload, { type: 'body', metatype: dto })) as T;
}
