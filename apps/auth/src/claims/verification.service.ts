import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClaimView, sha256Hex, showClaimCode } from '@app/store';
import { generateUserCode, normalizeUserCode } from './user-code';

export type VerificationView =
  | (ClaimView & { kind: Exclude<ClaimView['kind'], 'shown'> })
  | {
      kind: 'shown';
      agentName: string;
      code: string;
      codeExpiresAt: Date;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The person's side of a claim: viewing it makes a fresh code, confirms the claim and shows the
 * code, which exists in plain form only in this answer (its hash is stored).
 */
@Injectable()
export class VerificationService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async view(claimId: unknown, accountId: number): Promise<VerificationView> {
    if (typeof claimId !== 'string' || !UUID.test(claimId)) return { kind: 'not_found' };
    const code = generateUserCode();
    const view = await showClaimCode(
      this.ds,
      claimId.toLowerCase(),
      accountId,
      sha256Hex(normalizeUserCode(code)),
    );
    return view.kind === 'shown' ? { ...view, code } : view;
  }
}
