import {
  COMPANY_COLUMN_ALIASES,
  COMPANY_ENUM_COLUMNS,
  COMPANY_NESTED_COLUMNS,
  COMPANY_NUMERIC_COLUMNS,
  COMPANY_SIZE_VALUES,
  COMPANY_TEXT_COLUMNS,
  COMPANY_TYPE_VALUES,
  DEGREE_LEVEL_VALUES,
  EXPENSE_CATEGORY_VALUES,
  JOB_FUNCTION_VALUES,
  PERSON_BOOLEAN_COLUMNS,
  PERSON_ENUM_COLUMNS,
  PERSON_NESTED_COLUMNS,
  PERSON_NUMERIC_COLUMNS,
  PERSON_TEXT_COLUMNS,
  SENIORITY_LEVEL_VALUES,
  SEX_VALUES,
  Entity,
} from '@app/contracts';

/** The table each entity is queried as: `SELECT * FROM people|companies`. */
export const TABLE_OF: Readonly<Record<Entity, string>> = { person: 'people', company: 'companies' };

export type ColumnKind = 'text' | 'numeric' | 'enum' | 'boolean' | 'nested';
export type NumericType = 'integer' | 'long' | 'double';

export interface ColumnInfo {
  readonly name: string;
  readonly kind: ColumnKind;
  readonly numericType?: NumericType;
  /** Allowed lowercase values of an enum column. */
  readonly values?: readonly string[];
}

// Typed by the contract's column tuples, so adding an enum column without its value list fails to compile.
const PERSON_ENUM_VALUES: Record<(typeof PERSON_ENUM_COLUMNS)[number], readonly string[]> = {
  sex: SEX_VALUES,
  seniority_level: SENIORITY_LEVEL_VALUES,
  job_function: JOB_FUNCTION_VALUES,
  expense_category: EXPENSE_CATEGORY_VALUES,
  company_size: COMPANY_SIZE_VALUES,
  highest_degree_level: DEGREE_LEVEL_VALUES,
};
const COMPANY_ENUM_VALUES: Record<(typeof COMPANY_ENUM_COLUMNS)[number], readonly string[]> = {
  type: COMPANY_TYPE_VALUES,
  size: COMPANY_SIZE_VALUES,
};

function columns(
  texts: readonly string[],
  numerics: Readonly<Record<string, NumericType>>,
  enums: Readonly<Record<string, readonly string[]>>,
  booleans: readonly string[],
  nesteds: readonly string[],
): ReadonlyMap<string, ColumnInfo> {
  const all: ColumnInfo[] = [
    ...texts.map((name) => ({ name, kind: 'text' as const })),
    ...Object.entries(numerics).map(([name, numericType]) => ({
      name,
      kind: 'numeric' as const,
      numericType,
    })),
    ...Object.entries(enums).map(([name, values]) => ({
      name,
      kind: 'enum' as const,
      values: Object.freeze([...values]),
    })),
    ...booleans.map((name) => ({ name, kind: 'boolean' as const })),
    ...nesteds.map((name) => ({ name, kind: 'nested' as const })),
  ];
  return new Map(all.map((c) => [c.name, Object.freeze(c)]));
}

export const CATALOG: Readonly<Record<Entity, ReadonlyMap<string, ColumnInfo>>> = {
  person: columns(
    PERSON_TEXT_COLUMNS,
    PERSON_NUMERIC_COLUMNS,
    PERSON_ENUM_VALUES,
    PERSON_BOOLEAN_COLUMNS,
    PERSON_NESTED_COLUMNS,
  ),
  company: columns(
    COMPANY_TEXT_COLUMNS,
    COMPANY_NUMERIC_COLUMNS,
    COMPANY_ENUM_VALUES,
    [],
    COMPANY_NESTED_COLUMNS,
  ),
};

const ALIASES: Readonly<Record<Entity, Readonly<Record<string, string>>>> = {
  person: {},
  company: COMPANY_COLUMN_ALIASES,
};

/** Unquoted SQL identifiers are case-insensitive, so `City` is `city`; aliases resolve to their column. */
export function lookupColumn(entity: Entity, name: string): ColumnInfo | undefined {
  const lower = name.toLowerCase();
  return CATALOG[entity].get(ALIASES[entity][lower] ?? lower);
}

/** Every name a query may use for the entity, aliases included. */
export function columnNames(entity: Entity): string[] {
  return [...CATALOG[entity].keys(), ...Object.keys(ALIASES[entity])];
}

/** The column whose values the "unsatisfiable industry" rule checks. */
export const INDUSTRY_COLUMN: Readonly<Record<Entity, string>> = {
  person: 'company_industry',
  company: 'industry',
};
