import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The verification link's query. Any string is accepted: a malformed id reads as "no such request". */
export class VerifyQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  claim?: string;
}
