import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, webhookSecretsKey } from '@app/config';
import { ServiceError } from '@app/contracts';
import { isUniqueViolation, rotateWebhookSecret, webhookSecretInfo } from '@app/store';
import { WebhookSecretCreatedDto, WebhookSecretInfoDto } from './dto/webhook-secret.dto';

/** A team's webhook signing secret: made or rotated on request, described without itself otherwise. */
@Injectable()
export class WebhookSecretsService {
  private readonly key: Buffer;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = webhookSecretsKey(config);
  }

  async rotate(teamId: number): Promise<WebhookSecretCreatedDto> {
    try {
      const rotated = await this.db.transaction((tx) => rotateWebhookSecret(tx, teamId, this.key));
      return {
        secret: rotated.secret,
        created_at: rotated.createdAt.toISOString(),
        previous_valid_until: rotated.previousValidUntil?.toISOString() ?? null,
      };
    } catch (error) {
      // The team row's lock orders rotations; this is the backstop should one get past it.
      if (isUniqueViolation(error))
        throw new ServiceError('conflict', 'The webhook secret is being rotated by another request; retry.');
      throw error;
    }
  }

  async info(teamId: number): Promise<WebhookSecretInfoDto> {
    const info = await webhookSecretInfo(this.db, teamId);
    return {
      created_at: info?.createdAt.toISOString() ?? null,
      previous_valid_until: info?.previousValidUntil?.toISOString() ?? null,
    };
  }
}
