import { Body, Controller, Header, HttpCode, Ip, Post } from '@nestjs/common';
import { ClaimResponse, ClaimsService, IdentityResponse } from './claims.service';
import { ClaimCompletionDto, ClaimRenewalDto, IdentityRequestDto } from './dto/claim.dto';

/** The agent's JSON endpoints of sign-in (steps 1, 3 and restart of SPEC.md's table). */
@Controller('agent/identity')
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  open(@Body() body: IdentityRequestDto, @Ip() client: string): Promise<ClaimResponse> {
    return this.claims.open(body, client);
  }

  @Post('claim')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  renew(@Body() body: ClaimRenewalDto): Promise<ClaimResponse> {
    return this.claims.renew(body);
  }

  @Post('claim/complete')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  complete(@Body() body: ClaimCompletionDto): Promise<IdentityResponse> {
    return this.claims.complete(body);
  }
}
