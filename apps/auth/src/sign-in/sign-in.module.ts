import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

@Module({ imports: [SessionModule], controllers: [SignInController], providers: [SignInService] })
export class SignInModule {}
