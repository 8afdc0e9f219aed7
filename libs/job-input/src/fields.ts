import type { Entity } from '@app/contracts';

/**
 * The body fields of a single-enrich call, as the gateway's PersonEnrichDto and CompanyEnrichDto
 * declare them (with their EnrichOptionsDto and ShapingParamsDto parents). A CSV column must be
 * one of these or `metadata.<key>`: an unknown column is refused, so a typo in a header never
 * drops a column of data silently. Kept in step with the DTOs by hand until the app checks it.
 */
const OPTION_FIELDS = [
  'multiple_results',
  'size',
  'min_confidence',
  'required_fields',
  'titlecase',
  'include_fields',
  'exclude_fields',
  'pretty',
] as const;

const PERSON_FIELDS = [
  'email',
  'email_hash',
  'phone',
  'social_url',
  'netx_id',
  'svc_id',
  'full_name',
  'first_name',
  'last_name',
  'address',
  'city',
  'state',
  'country',
  'postal_code',
  'job_title',
  'company',
  'school',
  'birth_date',
] as const;

const COMPANY_FIELDS = [
  'name',
  'website',
  'domain',
  'netx_url',
  'netx_id',
  'social_url',
  'ticker',
  'svc_id',
] as const;

export const ITEM_FIELDS: Readonly<Record<Entity, readonly string[]>> = {
  person: [...PERSON_FIELDS, ...OPTION_FIELDS],
  company: [...COMPANY_FIELDS, ...OPTION_FIELDS],
};

/** The prefix of a CSV column whose cells go into the item's metadata under the rest of its name. */
export const METADATA_COLUMN_PREFIX = 'metadata.';
