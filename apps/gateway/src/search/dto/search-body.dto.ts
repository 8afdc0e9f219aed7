import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { MAX_QUERY_LENGTH } from '@app/contracts';
import { PageParamsDto } from './page-params.dto';

export { DEFAULT_SEARCH_LIMIT } from './page-params.dto';

export class SearchBodyDto extends PageParamsDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MAX_QUERY_LENGTH,
    example: "SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = 'san francisco'",
    description:
      'A `SELECT * FROM people|companies WHERE …` statement of the SQL subset; no LIMIT or OFFSET.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_QUERY_LENGTH)
  query!: string;
}
