import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  Account,
  countAttempt,
  forgetAttempts,
  hashPassword,
  passwordNeedsRehash,
  randomSecret,
} from '@app/store';
import { AuthMetrics } from '../metrics/auth-metrics';
import { HashSlot, PasswordHasher } from './password-hasher';
import { signInLimits } from './sign-in-throttle';

export type SignInOutcome =
  | { kind: 'signed_in'; accountId: number }
  | { kind: 'wrong_credentials' }
  | { kind: 'inactive' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'busy'; retryAfterSeconds: number };

/** A free hash slot is a matter of the hashes in flight, which take a few hundred ms. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** Email and password against accounts, throttled, with the hash upgraded to current parameters. */
@Injectable()
export class SignInService {
  /** Verified against when the email is unknown, so the answer takes as long either way. */
  private readonly dummyHash = hashPassword(randomSecret());

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly metrics: AuthMetrics,
  ) {}

  /**
   * The hash slot first (no I/O, so a flood's surplus costs nothing), then the attempt is
   * counted, then the one password check it pays for.
   */
  async signIn(emailInput: string, password: string, client: string): Promise<SignInOutcome> {
    const email = emailInput.trim().toLowerCase();
    const slot = this.hasher.acquire(client);
    if (!slot) return { kind: 'busy', retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
    try {
      const attempt = await countAttempt(this.ds, signInLimits(email, client));
      if (attempt.kind === 'refused') {
        this.metrics.refused(attempt.scope);
        return { kind: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
      }
      const account = await this.ds.manager.findOne(Account, { where: { email } });
      const matches = await slot.verify(password, account?.passwordHash ?? (await this.dummyHash));
      if (!account || !matches) return { kind: 'wrong_credentials' };
      if (account.status === 'inactive') return { kind: 'inactive' };
      await forgetAttempts(this.ds, attempt.ids, [{ scope: 'sign_in:email', subject: email }]);
      if (passwordNeedsRehash(account.passwordHash)) await this.rehash(slot, account, password);
      return { kind: 'signed_in', accountId: account.id };
    } finally {
      slot.release();
    }
  }

  /** Only if the hash is still the one just verified, so a concurrent password change wins. */
  private async rehash(slot: HashSlot, account: Account, password: string): Promise<void> {
    await this.ds.query(`UPDATE accounts SET password_hash = $1 WHERE id = $2 AND password_hash = $3`, [
      await slot.hash(password),
      account.id,
      account.passwordHash,
    ]);
  }
}
