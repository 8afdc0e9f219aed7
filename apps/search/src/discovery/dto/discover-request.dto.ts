import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { DiscoverRequest } from '@app/contracts';
import { MAX_DESCRIPTION_LENGTH } from '@app/discovery';
import { PageRequestDto } from '../../page-request.dto';

export class DiscoverRequestDto extends PageRequestDto implements DiscoverRequest {
  @IsString()
  @MinLength(3)
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  query!: string;

  @IsOptional()
  @IsBoolean()
  model_allowed?: boolean;
}
