import type { Entity } from '@app/contracts';
import { COMPANY_MATCH_FIELDS, PERSON_MATCH_FIELDS } from '@app/matching';

/**
 * The body fields of a single-enrich call: the matcher's input fields (libs/matching, which
 * PersonEnrichDto and CompanyEnrichDto feed) and the options of EnrichOptionsDto and
 * ShapingParamsDto. A CSV column must be
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

export const ITEM_FIELDS: Readonly<Record<Entity, readonly string[]>> = {
  person: [...PERSON_MATCH_FIELDS, ...OPTION_FIELDS],
  company: [...COMPANY_MATCH_FIELDS, ...OPTION_FIELDS],
};

/** The prefix of a CSV column whose cells go into the item's metadata under the rest of its name. */
export const METADATA_COLUMN_PREFIX = 'metadata.';
