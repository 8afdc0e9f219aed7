import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { PageParamsDto } from '../../search/dto/page-params.dto';

export class DiscoverBodyDto extends PageParamsDto {
  @ApiProperty({
    minLength: 3,
    maxLength: 1000,
    example: 'senior python engineers in berlin, not at google',
    description:
      'A plain-language description of the people (or companies) wanted; docs/discovery.md says what is understood.',
  })
  @IsString()
  @MinLength(3)
  @MaxLength(1000)
  query!: string;
}
