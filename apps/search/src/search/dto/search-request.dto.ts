import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  BUILD_KINDS,
  BuildKind,
  IndustriesRequest,
  MAX_QUERY_LENGTH,
  RESULT_SETS,
  ResultSet,
  SearchRequest,
} from '@app/contracts';
import { PageRequestDto } from '../../page-request.dto';

export class SearchRequestDto extends PageRequestDto implements SearchRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_QUERY_LENGTH)
  query!: string;

  @IsOptional()
  @IsIn(RESULT_SETS)
  result_set?: ResultSet;
}

export class IndustriesRequestDto implements IndustriesRequest {
  @IsIn(BUILD_KINDS)
  kind!: BuildKind;
}
