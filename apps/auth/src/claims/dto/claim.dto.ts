import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Step 1: an agent asks to act for the person with this email. */
export class IdentityRequestDto {
  @IsIn(['service_auth'])
  type!: 'service_auth';

  @Transform(trim)
  @IsEmail()
  @MaxLength(254)
  login_hint!: string;

  /** Shown to the person on the verification page and the connected-apps page. */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 100)
  client_name?: string;
}

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** Restart: a new code for the claim. */
export class ClaimRenewalDto {
  @IsString()
  @Matches(TOKEN, { message: 'claim_token must be the token from POST /agent/identity' })
  claim_token!: string;
}

/** Step 3: the code the person read out. */
export class ClaimCompletionDto extends ClaimRenewalDto {
  @IsString()
  @Length(1, 32)
  user_code!: string;
}
