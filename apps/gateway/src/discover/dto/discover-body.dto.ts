import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { MAX_DESCRIPTION_LENGTH, MIN_DESCRIPTION_LENGTH } from '@app/contracts';
import { PageParamsDto } from '../../search/dto/page-params.dto';

export class DiscoverBodyDto extends PageParamsDto {
  @ApiProperty({
    minLength: MIN_DESCRIPTION_LENGTH,
    maxLength: MAX_DESCRIPTION_LENGTH,
    example: 'senior python engineers in berlin, not at google',
    description:
      'A plain-language description of the people (or companies) wanted; docs/discovery.md says what is understood.',
  })
  @IsString()
  @MinLength(MIN_DESCRIPTION_LENGTH)
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  query!: string;
}
