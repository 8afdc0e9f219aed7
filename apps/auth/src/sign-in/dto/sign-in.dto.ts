import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The sign-in form. Loose on purpose: a blank or malformed email is a failed sign-in, shown on the form. */
export class SignInDto {
  @IsString()
  @MaxLength(320)
  email!: string;

  @IsString()
  @MaxLength(1024)
  password!: string;

  /** Checked against the browser's sign-in cookie; missing means refused (403), not invalid. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  csrf?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  next?: string;
}

/** Forms that only carry the CSRF token (sign-out, disconnect). */
export class CsrfFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  csrf?: string;
}
