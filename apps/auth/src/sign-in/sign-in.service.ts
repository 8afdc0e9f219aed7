import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  Account,
  clearSignInFailures,
  hashPassword,
  passwordNeedsRehash,
  randomSecret,
  recentSignInFailures,
  recordSignInFailure,
  verifyPassword,
} from '@app/store';
import { SIGN_IN_THROTTLE } from './sign-in-throttle';

export type SignInOutcome =
  | { kind: 'signed_in'; accountId: number }
  | { kind: 'wrong_credentials' }
  | { kind: 'inactive' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/** Email and password against accounts, throttled, with the hash upgraded to current parameters. */
@Injectable()
export class SignInService {
  /** Verified against when the email is unknown, so the answer takes as long either way. */
  private readonly dummyHash = hashPassword(randomSecret());

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async signIn(emailInput: string, password: string, client: string): Promise<SignInOutcome> {
    const email = emailInput.trim().toLowerCase();
    const { windowSeconds, perAccount, perClient } = SIGN_IN_THROTTLE;
    const recent = await recentSignInFailures(this.ds, email, client, windowSeconds);
    if (recent.byEmail >= perAccount || recent.byClient >= perClient) {
      const waits = [
        recent.byEmail >= perAccount ? recent.oldestLeavesInSeconds.email : 0,
        recent.byClient >= perClient ? recent.oldestLeavesInSeconds.client : 0,
      ];
      return { kind: 'throttled', retryAfterSeconds: Math.max(1, ...waits) };
    }
    const account = await this.ds.manager.findOne(Account, { where: { email } });
    const matches = await verifyPassword(password, account?.passwordHash ?? (await this.dummyHash));
    if (!account || !matches) {
      await recordSignInFailure(this.ds, email, client, windowSeconds);
      return { kind: 'wrong_credentials' };
    }
    if (account.status === 'inactive') return { kind: 'inactive' };
    await clearSignInFailures(this.ds, email);
    if (passwordNeedsRehash(account.passwordHash)) await this.rehash(account, password);
    return { kind: 'signed_in', accountId: account.id };
  }

  /** Only if the hash is still the one just verified, so a concurrent password change wins. */
  private async rehash(account: Account, password: string): Promise<void> {
    await this.ds.query(`UPDATE accounts SET password_hash = $1 WHERE id = $2 AND password_hash = $3`, [
      await hashPassword(password),
      account.id,
      account.passwordHash,
    ]);
  }
}
