import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { JwksController } from './jwks.controller';
import { loadSigningJwks } from './signing-key-source';
import { SigningKeys } from './signing-keys';

@Module({
  controllers: [JwksController],
  providers: [
    {
      provide: SigningKeys,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => SigningKeys.from(await loadSigningJwks(config)),
    },
  ],
  exports: [SigningKeys],
})
export class SigningModule {}
