import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_IDENTIFIERS } from '@app/privacy';

/** One value or a list of them: `{"email": "a@b.example"}` reads as `{"email": ["a@b.example"]}`. */
const list = (description: string) => (target: object, property: string) => {
  ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: MAX_IDENTIFIERS }],
    description: `${description} One value, or a list of up to ${MAX_IDENTIFIERS}.`,
  })(target, property);
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))(
    target,
    property,
  );
};

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
