import type { BuildKind, Entity } from './entities';

/**
 * The fields GET /autocomplete suggests values of, per entity (docs/autocomplete.md). Each names
 * where in the record its values are read: a flat field, or every element of a list. Companies
 * carry no location, so only their name and industry are offered.
 */
export const AUTOCOMPLETE_FIELDS = {
  person: ['company', 'title', 'industry', 'school', 'skill', 'city', 'state', 'country', 'language'],
  company: ['company', 'industry'],
} as const satisfies Record<Entity, readonly string[]>;

export type AutocompleteField = (typeof AUTOCOMPLETE_FIELDS)[Entity][number];

/** Every field any entity offers, for a request's first check. */
export const ALL_AUTOCOMPLETE_FIELDS: readonly AutocompleteField[] = [
  ...new Set<AutocompleteField>([...AUTOCOMPLETE_FIELDS.person, ...AUTOCOMPLETE_FIELDS.company]),
];

/**
 * The search column a suggestion of each field filters on (`WHERE <column> = '<value>'`); null
 * where search has none (a person's schools are matched by enrichment, not searched).
 */
export const AUTOCOMPLETE_COLUMNS: Record<Entity, Partial<Record<AutocompleteField, string | null>>> = {
  person: {
    company: 'company_name',
    title: 'job_title',
    industry: 'company_industry',
    school: null,
    skill: 'skills',
    city: 'city',
    state: 'state',
    country: 'country',
    language: 'languages',
  },
  company: { company: 'name_cleaned', industry: 'industry' },
};

export const DEFAULT_AUTOCOMPLETE_SIZE = 10;
export const MAX_AUTOCOMPLETE_SIZE = 100;
/** Longer than any stored value a person would type out; past it a request is refused, not trimmed. */
export const MAX_AUTOCOMPLETE_TEXT = 100;

/** Payload of `search.autocomplete`, validated again by the worker. */
export interface AutocompleteRequest {
  entity: Entity;
  field: AutocompleteField;
  /** What was typed; empty for the most frequent values. */
  text: string;
  size: number;
  kind: BuildKind;
}

export interface AutocompleteSuggestion {
  /** The value as stored (lowercase), ready for an `=` filter. */
  value: string;
  /** Records of the served build holding it (a record holding it twice counts once). */
  count: number;
}

export interface AutocompleteReply {
  suggestions: AutocompleteSuggestion[];
}
