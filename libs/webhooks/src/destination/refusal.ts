/** Why a webhook URL is refused; stored with the endpoint and shown to the team that owns it. */
export enum DestinationRefusal {
  InvalidUrl = 'invalid_url',
  SchemeNotAllowed = 'scheme_not_allowed',
  CredentialsInUrl = 'credentials_in_url',
  PrivateAddress = 'private_address',
  Unresolvable = 'unresolvable',
}

/** Refusals about the URL itself: no retry and no DNS change can make them deliverable. */
export const PERMANENT_REFUSALS: ReadonlySet<DestinationRefusal> = new Set([
  DestinationRefusal.InvalidUrl,
  DestinationRefusal.SchemeNotAllowed,
  DestinationRefusal.CredentialsInUrl,
]);

export class DestinationRefusedError extends Error {
  constructor(
    readonly code: DestinationRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'DestinationRefusedError';
  }

  get permanent(): boolean {
    return PERMANENT_REFUSALS.has(this.code);
  }
}
