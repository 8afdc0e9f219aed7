import { Controller, Get, Header } from '@nestjs/common';
import type { JSONWebKeySet } from 'jose';
import { SigningKeys } from './signing-keys';

/** The public keys gateways (and anyone) verify our tokens with; several during a rotation. */
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeys) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  jwks(): JSONWebKeySet {
    return this.keys.jwks;
  }
}
