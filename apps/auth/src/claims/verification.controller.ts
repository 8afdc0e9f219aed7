import { Controller, Get, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../pages/html';
import { PageExceptionFilter } from '../pages/page-exception.filter';
import { SessionService } from '../session/session.service';
import { VerifyQueryDto } from './dto/verify-query.dto';
import { VerificationService } from './verification.service';
import { verificationPage } from './verification.views';

/** The verification link of a claim: sign in (and come back), then see the agent and its code. */
@Controller('agent/verify')
@UseFilters(PageExceptionFilter)
export class VerificationController {
  constructor(
    private readonly sessions: SessionService,
    private readonly verification: VerificationService,
  ) {}

  @Get()
  async view(@Query() query: VerifyQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const session = await this.sessions.require(request);
    const { status, page } = verificationPage(
      await this.verification.view(query.claim, session.accountId),
      session,
    );
    sendPage(reply, status, page);
  }
}
