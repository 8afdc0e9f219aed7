/**
 * The field tree include_fields / exclude_fields paths are checked against, grown from the
 * contract: the top-level field lists in record order, and below each object-valued field its
 * declared subfields (`PERSON_SUBFIELDS`). `FieldPath` gives the same tree at compile time for
 * tables such as the titlecase one.
 */
import {
  COMPANY_RECORD_FIELDS,
  COMPANY_SUBFIELDS,
  Entity,
  type FieldBranch,
  PERSON_RECORD_FIELDS,
  PERSON_SUBFIELDS,
} from '@app/contracts';
import type { CompanyRecord, PersonRecord } from '@app/contracts';

/** Dotted paths of a record type; arrays are transparent (`experience.title.cleaned`). */
export type FieldPath<T> = {
  [K in keyof T & string]: FieldBranch<T[K]> extends string | number | boolean
    ? K
    : K | `${K}.${FieldPath<FieldBranch<T[K]>>}`;
}[keyof T & string];

export type PersonFieldPath = FieldPath<PersonRecord>;
export type CompanyFieldPath = FieldPath<CompanyRecord>;

/** A field and the fields below it; a leaf has no children. */
export interface FieldNode {
  readonly children: ReadonlyMap<string, FieldNode>;
}

/** A declared shape (`FieldShape`): each key's subfields, null for a leaf. */
type Shape = { readonly [key: string]: Shape | null };

function nodeOf(shape: Shape | null | undefined): FieldNode {
  return { children: new Map(Object.entries(shape ?? {}).map(([key, below]) => [key, nodeOf(below)])) };
}

function treeOf(fields: readonly string[], subfields: Shape): FieldNode {
  return { children: new Map(fields.map((field) => [field, nodeOf(subfields[field])])) };
}

function listPaths(node: FieldNode, prefix: string, out: string[]): string[] {
  for (const [key, child] of node.children) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(path);
    listPaths(child, path, out);
  }
  return out;
}

const TREES: Record<Entity, FieldNode> = {
  person: treeOf(PERSON_RECORD_FIELDS, PERSON_SUBFIELDS),
  company: treeOf(COMPANY_RECORD_FIELDS, COMPANY_SUBFIELDS),
};
const PATHS: Record<Entity, readonly string[]> = {
  person: listPaths(TREES.person, '', []),
  company: listPaths(TREES.company, '', []),
};

export function fieldTree(entity: Entity): FieldNode {
  return TREES[entity];
}

/** Every valid path of the entity's record, parents before children, in record order. */
export function fieldPaths(entity: Entity): readonly string[] {
  return PATHS[entity];
}

/** The node a dotted path names, or undefined when any segment is not a field. */
export function findField(entity: Entity, path: string): FieldNode | undefined {
  let node: FieldNode | undefined = TREES[entity];
  for (const segment of path.split('.')) {
    node = node.children.get(segment);
    if (!node) return undefined;
  }
  return node;
}
