import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { PasswordHasher } from './password-hasher';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

@Module({
  imports: [SessionModule],
  controllers: [SignInController],
  providers: [SignInService, PasswordHasher],
})
export class SignInModule {}
