/**
 * Every dotted path a record value reaches, parents before children, each object's keys in the
 * order first met; lists are transparent (`experience.title.cleaned`) and merged over their
 * elements. For a record with every field filled this is its whole field tree.
 */
export function recordPaths(value: unknown): string[] {
  interface Node {
    children: Map<string, Node>;
  }
  const grow = (node: Node, v: unknown): void => {
    if (Array.isArray(v)) return v.forEach((element) => grow(node, element));
    if (v === null || typeof v !== 'object') return;
    for (const [key, child] of Object.entries(v)) {
      let next = node.children.get(key);
      if (!next) node.children.set(key, (next = { children: new Map() }));
      grow(next, child);
    }
  };
  const list = (node: Node, prefix: string): string[] =>
    [...node.children].flatMap(([key, child]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return [path, ...list(child, path)];
    });
  const root: Node = { children: new Map() };
  grow(root, value);
  return list(root, '');
}
