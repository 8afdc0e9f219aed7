/**
 * The field tree include_fields / exclude_fields paths are checked against. It is grown from
 * the contract fixtures because they carry every field of both records, sub-objects included
 * (their completeness is what the contracts' own specs assert); `FieldPath` gives the same
 * tree at compile time for tables such as the titlecase one.
 */
import { companyFixture, personFixture, Entity } from '@app/contracts';
import type { CompanyRecord, PersonRecord } from '@app/contracts';

type Element<T> = T extends readonly (infer U)[] ? U : T;
type Branch<T> = NonNullable<Element<NonNullable<T>>>;

/** Dotted paths of a record type; arrays are transparent (`experience.title.cleaned`). */
export type FieldPath<T> = {
  [K in keyof T & string]: Branch<T[K]> extends string | number | boolean
    ? K
    : K | `${K}.${FieldPath<Branch<T[K]>>}`;
}[keyof T & string];

export type PersonFieldPath = FieldPath<PersonRecord>;
export type CompanyFieldPath = FieldPath<CompanyRecord>;

/** A field and the fields below it; a leaf has no children. */
export interface FieldNode {
  readonly children: ReadonlyMap<string, FieldNode>;
}

interface MutableNode {
  children: Map<string, MutableNode>;
}

function grow(node: MutableNode, value: unknown): void {
  if (Array.isArray(value)) {
    for (const element of value) grow(node, element);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    let next = node.children.get(key);
    if (!next) node.children.set(key, (next = { children: new Map() }));
    grow(next, child);
  }
}

function listPaths(node: FieldNode, prefix: string, out: string[]): string[] {
  for (const [key, child] of node.children) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(path);
    listPaths(child, path, out);
  }
  return out;
}

function treeOf(record: object): FieldNode {
  const root: MutableNode = { children: new Map() };
  grow(root, record);
  return root;
}

const TREES: Record<Entity, FieldNode> = {
  person: treeOf(personFixture()),
  company: treeOf(companyFixture()),
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
