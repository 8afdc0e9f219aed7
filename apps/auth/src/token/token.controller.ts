import { Body, Controller, Header, HttpCode, Post, UseFilters } from '@nestjs/common';
import { OAuthErrorFilter } from './oauth-error.filter';
import { parseTokenRequest } from './token-request';
import { TokenResponse, TokenService } from './token.service';

/** POST /oauth2/token (RFC 7523 JWT bearer); errors in RFC 6749's shape (see also token-media-type.ts). */
@Controller('oauth2')
@UseFilters(OAuthErrorFilter)
export class TokenController {
  constructor(private readonly tokens: TokenService) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  token(@Body() body: unknown): Promise<TokenResponse> {
    const { assertion } = parseTokenRequest(body);
    return this.tokens.exchange(assertion);
  }
}
