import type { Type } from '@nestjs/common';
import { ApiProperty, type SchemaObject } from '@nestjs/swagger';
import {
  COMPANY_RECORD_FIELDS,
  COMPANY_SUBFIELDS,
  type CompanyRecord,
  type Entity,
  PERSON_RECORD_FIELDS,
  PERSON_SUBFIELDS,
  type PersonRecord,
} from '@app/contracts';
import { schemaNamed } from './schema-name';

/** The component names the response DTOs refer to (getSchemaPath). */
export const PERSON_RECORD_SCHEMA = 'PersonRecord';
export const COMPANY_RECORD_SCHEMA = 'CompanyRecord';

type Tree = { readonly [key: string]: Tree | null };

/** The top-level fields that hold a list of objects; typed so a list field added to a record must be named here. */
type ListField<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends readonly (infer E)[] ? (E extends object ? K : never) : never;
}[keyof T];
const PERSON_LISTS: Record<ListField<PersonRecord>, true> = {
  phones: true,
  emails: true,
  locations: true,
  experience: true,
  education: true,
  certifications: true,
  socials: true,
  skills: true,
  languages: true,
};
const COMPANY_LISTS: Record<ListField<CompanyRecord>, true> = { tickers: true, socials: true };

/**
 * A record as the shaping parameters leave it (docs/shaping.md), from the contract's field tree
 * (the same lists include_fields is checked against): every known field, none required, because
 * include_fields/exclude_fields may drop any of them and a search result carries a subset. The
 * values' own types live in the record validators, not in this tree, so a leaf admits any JSON
 * value (`null` included). Unknown keys stay allowed: a worker may send a field the record does
 * not know, which shaping keeps last.
 */
function recordSchema(
  description: string,
  fields: readonly string[],
  subfields: Tree,
  lists: Record<string, true>,
): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (const field of fields) {
    const sub = subfields[field];
    if (!sub) properties[field] = {};
    else if (lists[field]) properties[field] = { type: 'array', items: branch(sub) };
    else properties[field] = { ...branch(sub), nullable: true };
  }
  return { type: 'object', description, properties, additionalProperties: true };
}

/** A sub-object: its declared keys; a nested branch (a job's organization) is an object or null. */
function branch(tree: Tree): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (const [key, sub] of Object.entries(tree))
    properties[key] = sub ? { ...branch(sub), nullable: true } : {};
  return { type: 'object', properties, additionalProperties: true };
}

/** The record components, for the document's `components.schemas`. */
export function recordSchemas(): Record<string, SchemaObject> {
  return {
    [PERSON_RECORD_SCHEMA]: recordSchema(
      'A person record in SPEC.md field order, unknown values null; shaping may drop fields and title-case text.',
      PERSON_RECORD_FIELDS,
      PERSON_SUBFIELDS,
      PERSON_LISTS,
    ),
    [COMPANY_RECORD_SCHEMA]: recordSchema(
      'A company record in SPEC.md field order, unknown values null; shaping may drop fields and title-case text.',
      COMPANY_RECORD_FIELDS,
      COMPANY_SUBFIELDS,
      COMPANY_LISTS,
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
