/**
 * A compiled shaping request: one tree that merges the include filter, the exclude filter and
 * the titlecase table, so a record is shaped in a single walk that visits only the branches
 * that change. Untouched branches are shared with the input rather than copied; the input is
 * never written to.
 */
import { Entity } from '@app/contracts';
import type { FieldNode } from './field-tree';
import { plainValue } from './raw-json';
import { type TitleStyle, titleCase } from './titlecase';

export interface PlanNode {
  /** true: every key is kept unless its child drops it; false: only keys in `children`. */
  readonly keepAll: boolean;
  /** In field-tree order. A null child keeps that key's value as it is (needed only where keepAll is false). */
  readonly children: readonly (readonly [string, PlanNode | null])[];
  /** Lookup for `children`, used when the record's own keys must be walked. */
  readonly byKey: ReadonlyMap<string, PlanNode | null>;
  /** Some child is dropped: the copy must be built key by key instead of spread. */
  readonly dropsChild: boolean;
  readonly drop: boolean;
  readonly title: TitleStyle | null;
}

interface Draft {
  keepAll: boolean;
  children: Map<string, Draft>;
  drop: boolean;
  title: TitleStyle | null;
}

const draft = (keepAll: boolean): Draft => ({ keepAll, children: new Map(), drop: false, title: null });

/** Builds a plan from validated paths: include first, then exclude, then titlecase on what is left. */
export class PlanBuilder {
  private readonly root: Draft;

  constructor(includes: readonly string[]) {
    this.root = draft(includes.length === 0);
    for (const path of includes) this.include(path.split('.'));
  }

  private include(segments: string[]): void {
    let node = this.root;
    for (const segment of segments) {
      if (node.keepAll) return; // an ancestor is already included whole
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = draft(false)));
      node = child;
    }
    node.keepAll = true;
    node.children.clear();
  }

  /** The node at `segments` if the include filter keeps it, created on demand under whole includes. */
  private reach(segments: string[]): Draft | undefined {
    let node = this.root;
    for (const segment of segments) {
      if (node.drop) return undefined;
      let child = node.children.get(segment);
      if (!child) {
        if (!node.keepAll) return undefined;
        node.children.set(segment, (child = draft(true)));
      }
      node = child;
    }
    return node.drop ? undefined : node;
  }

  exclude(path: string): this {
    const node = this.reach(path.split('.'));
    if (node) node.drop = true;
    return this;
  }

  titlecase(path: string, style: TitleStyle): this {
    const node = this.reach(path.split('.'));
    if (node) node.title = style;
    return this;
  }

  /** null when the plan changes nothing. `tree` orders the output keys. */
  build(tree: FieldNode): PlanNode | null {
    return freeze(this.root, tree);
  }
}

const NO_CHILDREN = new Map<string, FieldNode>();
const DROPPED: PlanNode = {
  keepAll: false,
  children: [],
  byKey: new Map(),
  dropsChild: false,
  drop: true,
  title: null,
};

function freeze(node: Draft, tree: FieldNode | undefined): PlanNode | null {
  if (node.drop) return DROPPED;
  const order = [...(tree?.children ?? NO_CHILDREN).keys()];
  const children: [string, PlanNode | null][] = [];
  for (const [key, child] of node.children) {
    const frozen = freeze(child, tree?.children.get(key));
    if (frozen !== null || !node.keepAll) children.push([key, frozen]);
  }
  if (node.keepAll && children.length === 0 && node.title === null) return null;
  children.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  return {
    keepAll: node.keepAll,
    children,
    byKey: new Map(children),
    dropsChild: children.some(([, child]) => child?.drop === true),
    drop: false,
    title: node.title,
  };
}

function applyToArray(values: readonly unknown[], node: PlanNode): unknown[] {
  const out = new Array<unknown>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = applyPlan(values[i], node);
  return out;
}

/** Own enumerable data only: records are JSON, so an inherited or undefined value is no field. */
function own(source: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined;
}

export function applyPlan(value: unknown, node: PlanNode): unknown {
  if (Array.isArray(value)) return applyToArray(value, node);
  if (value === null || typeof value !== 'object') {
    return node.title !== null && typeof value === 'string' ? titleCase(value, node.title) : value;
  }
  const source = value as Record<string, unknown>;
  // Spreading and overwriting the few changed keys is much cheaper than copying key by key.
  if (node.keepAll && !node.dropsChild) {
    const out = { ...source };
    for (const [key, child] of node.children) {
      if (child === null) continue;
      const v = own(source, key);
      if (v !== undefined) out[key] = applyPlan(v, child);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  if (!node.keepAll) {
    for (const [key, child] of node.children) {
      const v = own(source, key);
      if (v === undefined || child?.drop) continue;
      out[key] = child === null ? v : applyPlan(v, child);
    }
    return out;
  }
  for (const key of Object.keys(source)) {
    const child = node.byKey.get(key);
    if (child === undefined || child === null) out[key] = source[key];
    else if (!child.drop) out[key] = applyPlan(source[key], child);
  }
  return out;
}

/** A shaped record: its type is whatever the include/exclude lists left of the record. */
export type ShapedRecord = Record<string, unknown>;

export class ShapingPlan {
  constructor(
    readonly entity: Entity,
    private readonly root: PlanNode | null,
    /** exclude_fields named match_metadata.evidence. */
    readonly dropsEvidence = false,
  ) {}

  /** True when shaping returns its input unchanged (no filters, no titlecase, evidence kept). */
  get isIdentity(): boolean {
    return this.root === null && !this.dropsEvidence;
  }

  shapeRecord(record: object): ShapedRecord {
    return (this.root === null ? record : applyPlan(record, this.root)) as ShapedRecord;
  }

  /**
   * Shapes `{matches: [{person|company, match_metadata?}], ...}`: only the record inside each
   * match changes; the wrapper's other keys (match_metadata) and the body's (total,
   * generated_query) pass through, but for match_metadata.evidence when it is excluded. A value
   * of any other shape is returned as it is.
   */
  shapeMatches(body: unknown): unknown {
    if (this.isIdentity || !isMatchesBody(body)) return body;
    const entity = this.entity;
    const matches = body.matches.map((match) => {
      if (match === null || typeof match !== 'object') return match;
      const shaped = this.dropsEvidence ? withoutEvidence(match as Record<string, unknown>) : match;
      const record = plainValue((shaped as Record<string, unknown>)[entity]);
      if (this.root === null || record === null || typeof record !== 'object') return shaped;
      return { ...shaped, [entity]: this.shapeRecord(record) };
    });
    return { ...body, matches };
  }
}

function withoutEvidence(match: Record<string, unknown>): Record<string, unknown> {
  const metadata = match.match_metadata;
  if (metadata === null || typeof metadata !== 'object' || !('evidence' in metadata)) return match;
  const { evidence: _dropped, ...rest } = metadata as Record<string, unknown>;
  return { ...match, match_metadata: rest };
}

function isMatchesBody(body: unknown): body is { matches: unknown[] } {
  return body !== null && typeof body === 'object' && Array.isArray((body as { matches?: unknown }).matches);
}
