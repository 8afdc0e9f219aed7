import type { Type } from '@nestjs/common';
import { ApiProperty, type SchemaObject } from '@nestjs/swagger';
import { type Entity, recordJsonSchema } from '@app/contracts';
import { schemaNamed } from './schema-name';

/** The component names the response DTOs refer to (getSchemaPath). */
export const PERSON_RECORD_SCHEMA = 'PersonRecord';
export const COMPANY_RECORD_SCHEMA = 'CompanyRecord';

/**
 * A record as the shaping parameters leave it (docs/shaping.md), from the checks every record is
 * normalized with at load (recordJsonSchema): each field with its type, unknown values `null`.
 * None is required, because include_fields/exclude_fields may drop any of them and a search
 * result carries a subset; unknown keys stay allowed, since a worker may send a field the
 * record does not know, which shaping keeps last.
 */
const recordSchema = (entity: Entity, description: string): SchemaObject => ({
  ...(recordJsonSchema(entity) as SchemaObject),
  description,
});

/** The record components, for the document's `components.schemas`. */
export function recordSchemas(): Record<string, SchemaObject> {
  return {
    [PERSON_RECORD_SCHEMA]: recordSchema(
      'person',
      'A person record in SPEC.md field order, unknown values null; shaping may drop fields and title-case text.',
    ),
    [COMPANY_RECORD_SCHEMA]: recordSchema(
      'company',
      'A company record in SPEC.md field order, unknown values null; shaping may drop fields and title-case text.',
    ),
  };
}

/**
 * Stand-ins naming the record components, so a DTO property refers to one by type as to any
 * class; their (empty) schemas are replaced by recordSchemas() when the document is built.
 */
const RECORD_TYPES: Record<Entity, Type<unknown>> = {
  person: schemaNamed(class {}, PERSON_RECORD_SCHEMA),
  company: schemaNamed(class {}, COMPANY_RECORD_SCHEMA),
};

/** A match wrapper's record: `person` or `company`, as shaping left it. */
export const ApiRecordProperty = (entity: Entity): PropertyDecorator =>
  ApiProperty({ type: () => RECORD_TYPES[entity] });
