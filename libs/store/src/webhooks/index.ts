export { activateWebhookEndpoint, type WebhookEndpointState } from './endpoints';
export {
  claimWebhookDeliveries,
  enqueueWebhookEvent,
  purgeWebhookDeliveries,
  recordWebhookAttempt,
  type ClaimedWebhookDelivery,
  type ClaimOptions,
  type WebhookAttemptRecord,
  type WebhookEventInput,
} from './deliveries';
export {
  rotateWebhookSecret,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  webhookSecretInfo,
  webhookSecretsOf,
  type RotatedWebhookSecret,
  type WebhookSecretInfo,
} from './secrets';
export { openWebhookSecret, sealWebhookSecret, WebhookSecretDecryptionError } from './secret-box';
