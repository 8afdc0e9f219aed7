import { ApiProperty } from '@nestjs/swagger';

export class WebhookSecretInfoDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When the current secret was made (ISO 8601); null if the team has none yet.',
    example: '2026-12-02T10:00:00.000Z',
  })
  created_at!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'After a rotation: until when (ISO 8601) the previous secret still signs beside the current one; ' +
      'null when only one secret signs.',
    example: '2026-12-03T10:00:00.000Z',
  })
  previous_valid_until!: string | null;
}

export class WebhookSecretCreatedDto extends WebhookSecretInfoDto {
  @ApiProperty({
    description:
      'The new signing secret, `whsec_` and the base64 of 32 random bytes. Shown this once: store it ' +
      'where your receiver verifies webhooks (Standard Webhooks).',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  secret!: string;

  @ApiProperty({
    type: String,
    description: 'When the new secret was made (ISO 8601).',
    example: '2026-12-02T10:00:00.000Z',
  })
  declare created_at: string;
}
