import {
  COMPANY_SIZE_VALUES,
  COMPANY_TYPE_VALUES,
  DEGREE_LEVEL_VALUES,
  Entity,
  ENTITIES,
  JOB_FUNCTION_VALUES,
  SENIORITY_LEVEL_VALUES,
  SEX_VALUES,
  WORKFORCE_PERIOD_VALUES,
} from '@app/contracts';
import { KINDS_OF, MEASURES_OF } from './columns';
import { deepFreeze, FLAGS, LEAF_KINDS, LeafKind } from './filters';
import { DOMAIN_ENDING, LIMITS } from './read-filters';

/**
 * JSON Schema (draft-07) of `{ "filters": Filter[] }` for one entity: what a model fills
 * instead of writing SQL. Only the entity's filter kinds and measures appear, so a model
 * cannot even name a column the entity lacks. `readFilters` applies the same rules plus a few
 * a schema cannot say (text needs a letter, an employee range must cover a size bucket), and
 * everything goes through `toSql` and the SQL parser after that.
 */
export type JsonSchema = { readonly [key: string]: unknown };

const text = { type: 'string', minLength: 1, maxLength: LIMITS.textLength };
const values = (items: JsonSchema, description: string): JsonSchema => ({
  type: 'array',
  minItems: 1,
  maxItems: LIMITS.values,
  items,
  description,
});
const negated = { type: 'boolean', description: 'true to exclude what the filter matches: NOT (…)' };

function kindSchema(
  kind: string,
  description: string,
  fields: Record<string, JsonSchema>,
  required: string[],
): JsonSchema {
  return {
    type: 'object',
    description,
    additionalProperties: false,
    required: ['kind', 'negated', ...required],
    properties: { kind: { const: kind }, negated, ...fields },
  };
}

const list = (kind: string, description: string, items: JsonSchema, valuesDescription: string) =>
  kindSchema(kind, description, { anyOf: values(items, valuesDescription) }, ['anyOf']);

const BOUNDS: Record<string, JsonSchema> = {
  gt: { type: 'number', description: 'greater than' },
  gte: { type: 'number', description: 'greater than or equal to' },
  lt: { type: 'number', description: 'less than' },
  lte: { type: 'number', description: 'less than or equal to' },
};
/** At least one bound, and not two of the same side. */
const BOUNDED: JsonSchema = {
  anyOf: [{ required: ['gt'] }, { required: ['gte'] }, { required: ['lt'] }, { required: ['lte'] }],
  not: { anyOf: [{ required: ['gt', 'gte'] }, { required: ['lt', 'lte'] }] },
};

const place: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['level', 'value'],
  properties: {
    level: { enum: ['city', 'state', 'country'] },
    value: {
      ...text,
      description:
        'city: its name, lowercase; state: ISO 3166-2 code (US-CA); country: ISO 3166-1 alpha-2 code (DE)',
    },
    within: {
      type: 'object',
      additionalProperties: false,
      required: ['level', 'value'],
      properties: { level: { enum: ['state', 'country'] }, value: text },
      description: 'for a city: the state or country it is in',
    },
  },
};

function leafSchemas(entity: Entity): Record<LeafKind, JsonSchema> {
  return {
    title: list(
      'title',
      'current job title contains one of the terms',
      text,
      'title terms, lowercase, e.g. "software engineer"',
    ),
    past_title: list(
      'past_title',
      'held one of these titles before, not now',
      text,
      'title terms, lowercase',
    ),
    title_history: list(
      'title_history',
      'held one of these titles at any time, the current job included',
      text,
      'title terms, lowercase',
    ),
    seniority: list(
      'seniority',
      'seniority level of the current job',
      { enum: [...SENIORITY_LEVEL_VALUES] },
      'levels',
    ),
    function: list(
      'function',
      'job function of the current job',
      { enum: [...JOB_FUNCTION_VALUES] },
      'functions',
    ),
    flag: kindSchema(
      'flag',
      'a yes/no property of the person',
      { flag: { enum: [...FLAGS] }, value: { type: 'boolean' } },
      ['flag', 'value'],
    ),
    sex: kindSchema('sex', 'sex', { value: { enum: [...SEX_VALUES] } }, ['value']),
    location: list('location', 'where the person lives', place, 'places'),
    employer: list(
      'employer',
      entity === 'person' ? 'current employer' : 'the company itself',
      {
        type: 'object',
        additionalProperties: false,
        required: ['by', 'value'],
        properties: { by: { enum: ['name', 'domain'] }, value: text },
      },
      'companies by name (lowercase) or domain',
    ),
    past_employer: list('past_employer', 'worked there before, not now', text, 'company names, lowercase'),
    employer_history: list(
      'employer_history',
      'worked there at any time, the current job included',
      text,
      'company names, lowercase',
    ),
    industry: list(
      'industry',
      "the (employer's) industry",
      text,
      'professional-network industry names, lowercase',
    ),
    company_size: list(
      'company_size',
      "the (employer's) employee-count bucket",
      { enum: [...COMPANY_SIZE_VALUES] },
      'buckets',
    ),
    company_type: list('company_type', 'the type of company', { enum: [...COMPANY_TYPE_VALUES] }, 'types'),
    skill: list('skill', 'has one of the skills', text, 'skills, lowercase'),
    language: list('language', 'speaks one of the languages', text, 'languages, lowercase English names'),
    degree: list('degree', 'highest degree', { enum: [...DEGREE_LEVEL_VALUES] }, 'degree levels'),
    range: {
      ...kindSchema(
        'range',
        'a number within bounds; dates as absolute years',
        { measure: { enum: [...MEASURES_OF[entity]] }, ...BOUNDS },
        ['measure'],
      ),
      ...BOUNDED,
    },
    growth: {
      ...kindSchema(
        'growth',
        'employee growth over the period, as a decimal fraction (0.2 = 20 %)',
        { period: { enum: [...WORKFORCE_PERIOD_VALUES] }, ...BOUNDS },
        ['period'],
      ),
      ...BOUNDED,
    },
    ticker: list('ticker', 'listed under one of the ticker symbols', text, 'symbols, uppercase'),
    exchange: list(
      'exchange',
      'listed on one of the exchanges',
      text,
      'exchange codes, uppercase (NASDAQ, NYSE, LSE)',
    ),
    name_contains: list(
      'name_contains',
      entity === 'person'
        ? "the current employer's name contains one of the texts"
        : 'the name contains one of the texts',
      text,
      'texts, lowercase',
    ),
    name_prefix: list(
      'name_prefix',
      entity === 'person'
        ? "the current employer's name starts with one of the texts"
        : 'the name starts with one of the texts',
      text,
      'texts, lowercase',
    ),
    domain_ending: list(
      'domain_ending',
      entity === 'person'
        ? "the current employer's domain ends with one of the endings"
        : 'the domain ends with one of the endings',
      { type: 'string', pattern: DOMAIN_ENDING.source },
      "endings with their dot, lowercase ('.io', '.de', '.co.uk')",
    ),
  };
}

function schemaFor(entity: Entity): JsonSchema {
  const kinds = LEAF_KINDS.filter((k) => KINDS_OF[entity].has(k));
  const all = leafSchemas(entity);
  const definitions: Record<string, JsonSchema> = Object.fromEntries(kinds.map((k) => [k, all[k]]));
  definitions.leaf = { anyOf: kinds.map((k) => ({ $ref: `#/definitions/${k}` })) };
  definitions.either = kindSchema(
    'either',
    'alternatives: one of the groups holds; each group is filters that all hold',
    {
      anyOf: {
        type: 'array',
        minItems: 1,
        maxItems: LIMITS.groups,
        items: { type: 'array', minItems: 1, maxItems: LIMITS.groups, items: { $ref: '#/definitions/leaf' } },
      },
    },
    ['anyOf'],
  );
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `Discovery filters for ${entity === 'person' ? 'people' : 'companies'}`,
    description: 'Filters that must all hold. Fill only what the description asks for; never invent values.',
    type: 'object',
    additionalProperties: false,
    required: ['filters'],
    properties: {
      filters: {
        type: 'array',
        minItems: 1,
        maxItems: LIMITS.filters,
        items: { anyOf: [{ $ref: '#/definitions/leaf' }, { $ref: '#/definitions/either' }] },
      },
    },
    definitions,
  };
}

/** The schema per entity, as plain frozen objects. */
export const FILTER_SCHEMAS: Readonly<Record<Entity, JsonSchema>> = deepFreeze(
  Object.fromEntries(ENTITIES.map((e) => [e, schemaFor(e)])) as Record<Entity, JsonSchema>,
);
