import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { SigningModule } from '../signing/signing.module';
import { ClaimsController } from './claims.controller';
import { ClaimsService } from './claims.service';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({
  imports: [SessionModule, SigningModule],
  controllers: [ClaimsController, VerificationController],
  providers: [ClaimsService, VerificationService],
})
export class ClaimsModule {}
