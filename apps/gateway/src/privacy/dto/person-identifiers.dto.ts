import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_IDENTIFIERS } from '@app/privacy';

const list = (description: string) =>
  ApiPropertyOptional({ type: [String], maxItems: MAX_IDENTIFIERS, description });

/**
 * Who a privacy request is about: identifiers as enrichment takes them (normalized the same way),
 * or svc_ids. At least one value in all; checked by the service, which names the field.
 */
export class PersonIdentifiersDto {
  @list('Email addresses.')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_IDENTIFIERS)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  email?: string[];

  @list('Phone numbers (international, or US national).')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_IDENTIFIERS)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  phone?: string[];

  @list('Professional-network profile URLs.')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_IDENTIFIERS)
  @IsString({ each: true })
  @MaxLength(512, { each: true })
  netx_url?: string[];

  @list("Records' svc_ids (UUIDs).")
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_IDENTIFIERS)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  svc_id?: string[];
}
