import { Body, Controller, Get, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redirect, sendPage } from '../pages/html';
import { PageExceptionFilter } from '../pages/page-exception.filter';
import { safeNext } from '../pages/page-errors';
import { SessionService } from '../session/session.service';
import { CsrfFormDto, SignInDto } from './dto/sign-in.dto';
import { SignInOutcome, SignInService } from './sign-in.service';
import { signInPage } from './sign-in.views';

const REFUSALS: Record<Exclude<SignInOutcome['kind'], 'signed_in'>, { status: number; message: string }> = {
  // One message for an unknown email and a wrong password: the form never tells which emails exist.
  wrong_credentials: { status: 401, message: 'That email and password do not match an account.' },
  inactive: { status: 403, message: 'This account is inactive. Ask your team admin to reactivate it.' },
  throttled: { status: 429, message: 'Too many failed attempts. Wait a few minutes, then try again.' },
  busy: { status: 429, message: 'Too many sign-ins at this moment. Try again in a few seconds.' },
};

@Controller()
@UseFilters(PageExceptionFilter)
export class SignInController {
  constructor(
    private readonly sessions: SessionService,
    private readonly signIns: SignInService,
  ) {}

  @Get()
  async home(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    redirect(reply, (await this.sessions.current(request)) ? '/account/apps' : '/sign-in');
  }

  @Get('sign-in')
  async form(@Query('next') next: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (await this.sessions.current(request)) return redirect(reply, safeNext(next));
    const csrf = this.sessions.signInFormToken(request, reply);
    sendPage(reply, 200, signInPage({ csrf, next: safeNext(next) }));
  }

  @Post('sign-in')
  async signIn(@Body() body: SignInDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    this.sessions.checkSignInForm(request, body.csrf);
    const next = safeNext(body.next);
    const outcome = await this.signIns.signIn(body.email, body.password, request.ip);
    if (outcome.kind === 'signed_in') {
      await this.sessions.open(reply, outcome.accountId);
      return redirect(reply, next);
    }
    const { status, message } = REFUSALS[outcome.kind];
    if ('retryAfterSeconds' in outcome) void reply.header('Retry-After', String(outcome.retryAfterSeconds));
    const csrf = this.sessions.signInFormToken(request, reply);
    sendPage(reply, status, signInPage({ csrf, next, email: body.email, error: message }));
  }

  @Post('sign-out')
  async signOut(@Body() body: CsrfFormDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const session = await this.sessions.requireForm(request, body.csrf);
    await this.sessions.close(reply, session);
    redirect(reply, '/sign-in');
  }
}
