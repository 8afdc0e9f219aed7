import type { HeadersObject, OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { addSuccessHeaders, type RouteEntry } from '../access';
import { IDEMPOTENT_REPLAYED_HEADER } from '../idempotency/idempotency-key';
import { CREDITS_CHARGED_HEADER, CREDITS_REMAINING_HEADER, KEY_CAP_REMAINING_HEADER } from './credit-headers';

const PAYMENT_REQUIRED =
  '`insufficient_credits` (the matches exceed the balance; nothing charged), `contract_expired`, or ' +
  '`key_cap_reached` (the API key reached its daily or monthly spend cap: `details: {cap, period, spent, ' +
  'resets_at, retry_after_seconds}`, with Retry-After). ' +
  'Successful responses carry X-Credits-Charged and X-Credits-Remaining.';

const integer = { type: 'integer' } as const;

const CREDIT_HEADERS: HeadersObject = {
  [CREDITS_CHARGED_HEADER]: {
    description: 'Credits this call took: one per returned match.',
    schema: integer,
  },
  [CREDITS_REMAINING_HEADER]: { description: "The team's balance after this call.", schema: integer },
  [KEY_CAP_REMAINING_HEADER]: {
    description:
      'What the API key may still spend before its daily or monthly cap (the tighter one), after this call; only on keys with a cap.',
    schema: { type: 'integer', minimum: 0 },
  },
};

const PAYMENT_REQUIRED_HEADERS: HeadersObject = {
  'Retry-After': {
    description: 'On `key_cap_reached` only: seconds until the cap resets.',
    schema: { type: 'integer', minimum: 1 },
  },
};

/**
 * Documents what billing adds to a billed route, from the same RoutePolicies the guards read (so
 * a sandbox mirror, which is not billed, does not claim it): 402 and the X-Credits-* headers
 * behind an API key, and the Idempotency-Key header on a billed POST.
 */
export function documentBilledRoutes(document: OpenAPIObject, routes: readonly RouteEntry[]): void {
  for (const { method, path, policy } of routes) {
    if (!policy.billed) continue;
    const operation = document.paths[path]?.[method.toLowerCase() as 'get'] as OperationObject | undefined;
    if (!operation) continue;
    if (!policy.agentToken && !policy.isPublic) {
      addSuccessHeaders(operation, CREDIT_HEADERS);
      operation.responses['402'] = { description: PAYMENT_REQUIRED, headers: PAYMENT_REQUIRED_HEADERS };
    }
    if (method === 'POST') documentIdempotencyKey(operation);
  }
}

const REPLAYED_HEADERS: HeadersObject = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: 'Present on the stored first response returned again for a repeated Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const IN_FLIGHT =
  '`conflict`: a request with this Idempotency-Key is still being processed; retry after Retry-After for its response.';

/**
 * Billed POSTs accept an Idempotency-Key (IdempotencyInterceptor); the sandbox charges nothing to
 * protect. A replay carries Idempotent-Replayed; a repeat while the first is running is a 409.
 */
function documentIdempotencyKey(operation: OperationObject): void {
  addSuccessHeaders(operation, REPLAYED_HEADERS);
  const conflict = operation.responses['409'] as ResponseObject | undefined;
  operation.responses['409'] = {
    description: [conflict?.description, IN_FLIGHT].filter(Boolean).join('\n\n'),
    headers: {
      ...conflict?.headers,
      'Retry-After': {
        description: 'Seconds to wait before retrying.',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  };
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      in: 'header',
      name: 'Idempotency-Key',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description:
        'Makes a retry safe: the same key with the same request within 24 h returns the first response ' +
        '(Idempotent-Replayed: true) and is charged once; with another request it is 422 `idempotency_key_reused`.',
    },
  ];
}
