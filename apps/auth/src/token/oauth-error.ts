/**
 * RFC 6749 §5.2 errors of the token endpoint: they answer 400 with `{error, error_description}`
 * (the OAuth shape clients expect), not the service's `{error, message, details}`.
 */
export type OAuthErrorCode = 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type';

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }
}
