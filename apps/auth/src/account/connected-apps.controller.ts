import {
  Body,
  Controller,
  Get,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redirect, sendPage } from '../pages/html';
import { PageExceptionFilter } from '../pages/page-exception.filter';
import { SessionService } from '../session/session.service';
import { CsrfFormDto } from '../sign-in/dto/sign-in.dto';
import { ConnectedAppsQueryDto } from './dto/connected-apps-query.dto';
import { ConnectedAppsService } from './connected-apps.service';
import { connectedAppsPage } from './connected-apps.views';

/** The account dashboard's connected-apps page (SPEC.md, Authentication 6). */
@Controller('account/apps')
@UseFilters(PageExceptionFilter)
export class ConnectedAppsController {
  constructor(
    private readonly sessions: SessionService,
    private readonly apps: ConnectedAppsService,
  ) {}

  @Get()
  async list(
    @Query() query: ConnectedAppsQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const session = await this.sessions.require(request);
    sendPage(
      reply,
      200,
      connectedAppsPage(await this.apps.list(session.accountId), session, query.disconnected),
    );
  }

  @Post(':agentId/disconnect')
  async disconnect(
    @Param('agentId', new ParseUUIDPipe()) agentId: string,
    @Body() body: CsrfFormDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const session = await this.sessions.requireForm(request, body.csrf);
    const outcome = await this.apps.disconnect(agentId, session);
    redirect(reply, `/account/apps?disconnected=${outcome}`);
  }
}
