import { getMetadataStorage } from 'class-validator';

// Symbol.for: one marker per process, whatever module registry (Jest's per-file ones) loaded this.
const KEPT = Symbol.for('svc.keptValidationMetadata');

/** One decorator's rule; only class-validator reads its fields. */
type ValidationMetadata = object;
type Lookup = (
  target: object,
  schema: string,
  always: boolean,
  strictGroups: boolean,
  groups?: string[],
) => ValidationMetadata[];
type Group = (metadata: ValidationMetadata[]) => Record<string, ValidationMetadata[]>;

interface Storage {
  getTargetValidationMetadatas: Lookup & { [KEPT]?: true };
  groupByPropertyName: Group;
  addValidationMetadata: (metadata: ValidationMetadata) => void;
}

/**
 * class-validator works out a DTO's rules afresh on every validation: it filters the class's and
 * its ancestors' decorator metadata, then groups them by property (a new array and object per
 * request; ~12 µs of an enrichment's gateway CPU for PersonEnrichDto's 75 rules). The rules are
 * the decorators', fixed once the class is defined, so they are kept per class and options here;
 * a rule added later (a decorator registered at run time) empties what is kept. The arrays are
 * only read by the validator. Idempotent; call before the app handles requests.
 */
export function keepValidationMetadata(): void {
  const storage = getMetadataStorage() as unknown as Storage;
  if (storage.getTargetValidationMetadatas[KEPT]) return;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let kept = new Map<object, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();

  const keptLookup: Lookup = (target, schema, always, strictGroups, groups) => {
    // Group filters are per call; the gateway validates without groups.
    if (groups && groups.length > 0) return lookup(target, schema, always, strictGroups, groups);
    const key = `${schema}\u0000${always}\u0000${strictGroups}`;
    let byOptions = kept.get(target);
    if (!byOptions) kept.set(target, (byOptions = new Map()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  Object.defineProperty(keptLookup, KEPT, { value: true });
  storage.getTargetValidationMetadatas = keptLookup;
  storage.groupByPropertyName = (metadata) => {
    let byProperty = grouped.get(metadata);
    if (!byProperty) grouped.set(metadata, (byProperty = group(metadata)));
    return byProperty;
  };
  storage.addValidationMetadata = (metadata) => {
    kept = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
}
