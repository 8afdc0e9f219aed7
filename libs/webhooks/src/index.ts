export { generateWebhookSecret, isWebhookSecret, SECRET_PREFIX } from './secret';
export { signDelivery } from './signing';
export type { SignedHeaders, SignInput } from './signing';
export { eventBody, jobEvent, newMessageId, WEBHOOK_EVENT_TYPES } from './events';
export type {
  JobCounts,
  JobEventData,
  JobEventInput,
  JobEventStatus,
  WebhookEvent,
  WebhookEventType,
} from './events';
export { JITTER, MAX_ATTEMPTS, nextAttempt, RETRY_SCHEDULE_MS } from './retry-schedule';
export type { AttemptOutcome, NextStep, ScheduleOptions } from './retry-schedule';
export { allowsAddress, allowsHost, EMPTY_ALLOWLIST, parseAllowlist } from './destination/allowlist';
export type { Allowlist } from './destination/allowlist';
export { checkDestination } from './destination/check-destination';
export { literalRefusal } from './destination/literal-refusal';
export type { Destination, DestinationOptions, Resolver } from './destination/check-destination';
export { DestinationRefusal, DestinationRefusedError, PERMANENT_REFUSALS } from './destination/refusal';
export { deliver } from './delivery';
export type { DeliveryRequest, DeliveryResult } from './delivery';
