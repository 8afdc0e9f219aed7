import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class EmailHashRequestDto {
  @ApiProperty({ example: 'John.Doe+news@GoogleMail.com', maxLength: 1000 })
  @IsString()
  @MaxLength(1000)
  email!: string;
}

export class EmailHashesDto {
  @ApiProperty({ description: 'Lowercase hex SHA-256 of normalized_email', example: 'a3c5…' })
  sha256!: string;

  @ApiProperty({ description: 'Lowercase hex SHA-1 of normalized_email' })
  sha1!: string;

  @ApiProperty({ description: 'Lowercase hex MD5 of normalized_email' })
  md5!: string;
}

export class EmailHashResponseDto {
  @ApiProperty({ description: 'The address as sent.' })
  email!: string;

  @ApiProperty({
    description: 'Lowercased, plus tag removed, Gmail dots removed (googlemail.com → gmail.com).',
    example: 'johndoe@gmail.com',
  })
  normalized_email!: string;

  @ApiProperty({ type: EmailHashesDto })
  hashes!: EmailHashesDto;
}
