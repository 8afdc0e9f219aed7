import { Module } from '@nestjs/common';
import { SigningModule } from '../signing/signing.module';
import { TokenController } from './token.controller';
import { TokenService } from './token.service';

@Module({ imports: [SigningModule], controllers: [TokenController], providers: [TokenService] })
export class TokenModule {}
