import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_REASON_LENGTH } from '@app/privacy';
import { PersonIdentifiersDto } from './person-identifiers.dto';

export class SuppressionRequestDto extends PersonIdentifiersDto {
  @ApiPropertyOptional({
    maxLength: MAX_REASON_LENGTH,
    description: 'Why (e.g. a ticket number); kept with the suppression. No personal data.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_REASON_LENGTH)
  reason?: string;
}
