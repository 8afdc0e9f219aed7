/** The input fields of POST /person/enrich that take part in matching, by role (SPEC.md). */
export const PERSON_IDENTIFIER_FIELDS = [
  'email',
  'email_hash',
  'phone',
  'social_url',
  'netx_id',
  'svc_id',
] as const;
export const PERSON_NAME_FIELDS = ['full_name', 'first_name', 'last_name'] as const;
export const PERSON_LOCATION_FIELDS = ['address', 'city', 'state', 'country', 'postal_code'] as const;
export const PERSON_CONTEXT_FIELDS = [
  ...PERSON_LOCATION_FIELDS,
  'company',
  'school',
  'job_title',
  'birth_date',
] as const;
export const PERSON_MATCH_FIELDS = [
  ...PERSON_IDENTIFIER_FIELDS,
  ...PERSON_NAME_FIELDS,
  ...PERSON_CONTEXT_FIELDS,
] as const;

export type PersonIdentifierField = (typeof PERSON_IDENTIFIER_FIELDS)[number];
export type PersonNameField = (typeof PERSON_NAME_FIELDS)[number];
export type PersonLocationField = (typeof PERSON_LOCATION_FIELDS)[number];
export type PersonMatchField = (typeof PERSON_MATCH_FIELDS)[number];

/** What a caller sends to be matched; blank strings count as absent. */
export type PersonMatchInput = { [K in PersonMatchField]?: string | null };

export function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function presentFields<F extends string>(
  input: Partial<Record<F, string | null>>,
  fields: readonly F[],
): F[] {
  return fields.filter((f) => present(input[f]));
}
