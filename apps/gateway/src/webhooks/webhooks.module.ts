import { Module } from '@nestjs/common';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookSecretsService } from './webhook-secrets.service';
import { WebhooksController } from './webhooks.controller';

/**
 * Job webhooks (docs/bulk-jobs.md, "Webhooks"): POST and GET /webhooks/secret for a team's
 * signing secret, and the worker sending the outbox where jobs run. Events enter the outbox
 * through @app/store's enqueueWebhookEvent, in the transaction of the job change they report.
 */
@Module({
  controllers: [WebhooksController],
  providers: [WebhookSecretsService, WebhookDeliveryWorker],
  exports: [WebhookDeliveryWorker],
})
export class WebhooksModule {}
