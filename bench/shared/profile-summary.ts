/**
 * The top functions of a V8 profile written by a benchmark's `--cpu-prof` (.cpuprofile: self
 * time) or `--alloc-prof` (.heapprofile: bytes allocated), for reading a profile without
 * DevTools:
 *
 *   node dist/bench/shared/profile-summary.js FILE [--top 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface CpuNode {
  id: number;
  callFrame: Frame;
}

interface CpuProfile {
  nodes: CpuNode[];
  samples: number[];
}

interface HeapNode {
  callFrame: Frame;
  selfSize: number;
  children: HeapNode[];
}

const label = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;

function cpuTotals(p: CpuProfile): Map<string, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  for (const id of p.samples) {
    const key = label(byId.get(id)!.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  return totals;
}

function heapTotals(root: HeapNode): Map<string, number> {
  const totals = new Map<string, number>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const key = label(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + node.selfSize);
    stack.push(...node.children);
  }
  return totals;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '30' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('usage: profile-summary FILE [--top N]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile | { head: HeapNode };
  const heap = 'head' in profile;
  const totals = heap ? heapTotals(profile.head) : cpuTotals(profile);
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  const unit = heap ? `${(sum / 2 ** 20).toFixed(0)} MB sampled` : `${sum} samples`;
  process.stdout.write(`${file}: ${unit}\n`);
  for (const [key, n] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    process.stdout.write(`${((100 * n) / sum).toFixed(1).padStart(5)}%  ${key}\n`);
}

main();
