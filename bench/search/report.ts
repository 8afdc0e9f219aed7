import type { Measured } from '../shared/latency';

export const PATHS = ['gateway', 'nats', 'opensearch', 'postgres'] as const;
export type PathName = (typeof PATHS)[number];

export interface QueryResult {
  name: string;
  sql: string;
  /** One answer per path before measuring: the paths must agree, or the timings compare different work. */
  answers: Record<PathName, { ids: string[]; total: number }>;
  measured: Record<PathName, Measured>;
  /** The gateway's Total-Count-Status: `estimate` means the count ran out of its budget. */
  totalStatus: string;
}

export interface Report {
  schema: string;
  build: string;
  seconds: number;
  connections: number;
  cross: string;
  indexes: Array<{ sql: string; ms: number }>;
  results: QueryResult[];
}

const PATH_LABEL: Record<PathName, string> = {
  gateway: 'gateway → NATS → worker → OpenSearch',
  nats: '(NATS → worker → OpenSearch, no HTTP)',
  opensearch: 'OpenSearch direct',
  postgres: 'PostgreSQL',
};

const fixed = (x: number, digits = 2) => x.toFixed(digits);

/** Whether the three paths returned the same total and the same first page. */
export function agreement(r: QueryResult): string {
  const answers = PATHS.map((p) => r.answers[p]);
  const totals = answers.every((a) => a.total === answers[0].total);
  const pages = answers.every((a) => a.ids.join() === answers[0].ids.join());
  if (totals && pages) return 'yes';
  return `NO (totals ${answers.map((a) => a.total).join('/')}${pages ? '' : ', first pages differ'})`;
}

export function formatReport(report: Report): string {
  const lines = [
    `schema ${report.schema}, build ${report.build}: ${report.connections} connections, ${report.seconds} s per path, PostgreSQL cross-table form ${report.cross}`,
    '',
    '| query | path | requests/s | p50 ms | p99 ms | total hits | failed |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of report.results) {
    for (const path of PATHS) {
      const m = r.measured[path];
      const total = `${r.answers[path].total}${path === 'gateway' && r.totalStatus !== 'exact' ? ` (${r.totalStatus})` : ''}`;
      lines.push(
        `| (${r.name}) | ${PATH_LABEL[path]} | ${fixed(m.rps, 0)} | ${fixed(m.p50)} | ${fixed(m.p99)} | ${total} | ${m.failed} |`,
      );
    }
  }
  lines.push(
    '',
    '| query | gateway overhead p50 ms (goal ≤ 2) | of which NATS + worker | of which HTTP + access + billing | gateway − OpenSearch p99 ms | PostgreSQL ÷ OpenSearch p50 (goal ≥ 5× on b, c) | PostgreSQL ÷ gateway p50 | paths agree |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const r of report.results) {
    const { gateway, nats, opensearch, postgres } = r.measured;
    lines.push(
      `| (${r.name}) | ${fixed(gateway.p50 - opensearch.p50)} | ${fixed(nats.p50 - opensearch.p50)} | ${fixed(gateway.p50 - nats.p50)} | ${fixed(gateway.p99 - opensearch.p99)} | ${fixed(postgres.p50 / opensearch.p50, 1)}× | ${fixed(postgres.p50 / gateway.p50, 1)}× | ${agreement(r)} |`,
    );
  }
  lines.push('', 'queries:', ...report.results.map((r) => `  (${r.name}) ${r.sql}`), '');
  return `${lines.join('\n')}\n`;
}
