import { plainToInstance } from 'class-transformer';
import { IsString, MaxLength, MinLength, validateSync } from 'class-validator';
import { OAuthError } from './oauth-error';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * The token request's parameters. Validated here rather than by the global pipe because
 * RFC 6749 §3.2 says unknown parameters are ignored (the pipe refuses them) and every problem
 * must answer in the OAuth shape. A repeated parameter arrives as an array and is refused.
 */
export class TokenRequestDto {
  @IsString({ message: 'grant_type is required, once' })
  @MinLength(1, { message: 'grant_type is required, once' })
  grant_type!: string;

  @IsString({ message: 'assertion is required, once' })
  @MinLength(1, { message: 'assertion is required, once' })
  @MaxLength(8192)
  assertion!: string;
}

/** The form's parameters (the media type was checked by requireFormEncodedTokenRequests). */
export function parseTokenRequest(body: unknown): TokenRequestDto {
  const params = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (
    params.grant_type !== undefined &&
    typeof params.grant_type === 'string' &&
    params.grant_type !== JWT_BEARER_GRANT
  )
    throw new OAuthError('unsupported_grant_type', `Only grant_type=${JWT_BEARER_GRANT} is supported.`);
  const dto = plainToInstance(TokenRequestDto, params);
  const [first] = validateSync(dto);
  if (first)
    throw new OAuthError('invalid_request', Object.values(first.constraints ?? {})[0] ?? 'invalid request');
  return dto;
}
