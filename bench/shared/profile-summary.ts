/**
 * The top functions of a V8 profile written by a benchmark's `--cpu-prof` (.cpuprofile: self
 * time) or `--alloc-prof` (.heapprofile: bytes allocated), for reading a profile without
 * DevTools:
 *
 *   node dist/bench/shared/profile-summary.js FILE [--top 30] [--by package]
 *
 * `--by package` adds up self time (or bytes) by where the code lives: an npm package, a Node
 * internal module, one of this repository's libs or an app folder, V8 builtins and the
 * collector, so a profile reads as shares of HTTP, database client, framework, our code and GC.
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

/** The package or folder a frame's code belongs to (the last node_modules wins: nested packages). */
function owner(f: Frame): string {
  if (!f.url) return f.functionName.startsWith('(') ? f.functionName : `(builtin) ${f.functionName}`;
  const module = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (module) return module[1];
  if (f.url.startsWith('node:')) return f.url.replace(/^node:(internal\/)?/, 'node:').replace(/\/[^/]*$/, '');
  const ours = /\/dist\/(libs\/[^/]+|apps\/[^/]+\/src\/[^/.]+|bench\/[^/]+)/.exec(f.url);
  return ours ? ours[1] : f.url;
}

function cpuTotals(p: CpuProfile, keyOf: (f: Frame) => string): Map<string, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  for (const id of p.samples) {
    const key = keyOf(byId.get(id)!.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  return totals;
}

function heapTotals(root: HeapNode, keyOf: (f: Frame) => string): Map<string, number> {
  const totals = new Map<string, number>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const key = keyOf(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + node.selfSize);
    stack.push(...node.children);
  }
  return totals;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '30' }, by: { type: 'string', default: 'function' } },
  });
  const file = positionals[0];
  if (!file || !['function', 'package'].includes(values.by))
    throw new Error('usage: profile-summary FILE [--top N] [--by function|package]');
  const key = values.by === 'package' ? owner : label;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile | { head: HeapNode };
  const heap = 'head' in profile;
  const totals = heap ? heapTotals(profile.head, key) : cpuTotals(profile, key);
  // Shares are of the time the thread was busy: an unloaded server idles most of a profile.
  const idle = [...totals].filter(([k]) => k.startsWith('(idle)'));
  for (const [k] of idle) totals.delete(k);
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  const unit = heap
    ? `${(sum / 2 ** 20).toFixed(0)} MB sampled`
    : `${sum} busy samples (${idle.reduce((a, [, n]) => a + n, 0)} idle)`;
  process.stdout.write(`${file}: ${unit}\n`);
  for (const [key, n] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    process.stdout.write(`${((100 * n) / sum).toFixed(1).padStart(5)}%  ${key}\n`);
}

main();
