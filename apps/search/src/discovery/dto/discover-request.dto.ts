import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { DiscoverRequest, MAX_DESCRIPTION_LENGTH, MIN_DESCRIPTION_LENGTH } from '@app/contracts';
import { PageRequestDto } from '../../page-request.dto';

export class DiscoverRequestDto extends PageRequestDto implements DiscoverRequest {
  @IsString()
  @MinLength(MIN_DESCRIPTION_LENGTH)
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  query!: string;

  @IsOptional()
  @IsBoolean()
  model_allowed?: boolean;
}
