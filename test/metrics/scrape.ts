/** One sample of the Prometheus text format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition text's samples (HELP/TYPE lines skipped); label values never hold `",` here. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `where` (0 when none). */
export function total(samples: Sample[], name: string, where: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

export function has(samples: Sample[], name: string, where: Record<string, string> = {}): boolean {
  return samples.some((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v));
}

export async function scrape(port: number, token?: string): Promise<Sample[]> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`scrape of ${port} answered ${res.status}: ${await res.text()}`);
  return parseMetrics(await res.text());
}
