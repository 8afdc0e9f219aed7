/**
 * Throughput of libs/normalize on one thread (SPEC-facing targets: >= 200,000 emails/s and
 * >= 20,000 phones/s). Each family runs over distinct inputs after a warm-up pass, best of
 * several rounds; bench/normalize/RESULTS.md records the figures and the machine.
 *
 *   npm run build:bench
 *   taskset -c 0 node dist/bench/normalize/run.js            # --json for machine-readable output
 */
import { cpus } from 'node:os';
import {
  cleanCompany,
  cleanFullName,
  hashNormalizedEmail,
  normalizePhone,
  normalizeSocialUrl,
  normalizeState,
  tryNormalizeEmail,
  urlKey,
} from '@app/normalize';
import { companies, emails, names, phones, socialUrls, states } from './inputs';

interface Result {
  family: string;
  n: number;
  perSecond: number;
  ok: number;
}

const ROUNDS = 5;

function measure<T>(family: string, inputs: readonly T[], fn: (x: T) => boolean): Result {
  let ok = 0;
  for (const x of inputs) if (fn(x)) ok++; // warm-up: JIT and lazily built tables
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (const x of inputs) fn(x);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return { family, n: inputs.length, perSecond: Math.round(inputs.length / best), ok };
}

function main(): void {
  const json = process.argv.includes('--json');
  const results = [
    measure('email (normalize)', emails(200_000), (e) => tryNormalizeEmail(e).ok),
    measure('email (normalize + sha256/sha1/md5)', emails(100_000, 7), (e) => {
      const r = tryNormalizeEmail(e);
      return r.ok && hashNormalizedEmail(r.email).sha256.length === 64;
    }),
    measure('phone (E.164, default region)', phones(50_000), ([p, region]) => normalizePhone(p, region).ok),
    measure('full_name', names(100_000), (n) => cleanFullName(n).ok),
    measure('state', states(100_000), ([s, region]) => normalizeState(s, { defaultRegion: region }).ok),
    measure('social_url', socialUrls(100_000), (u) => normalizeSocialUrl(u).ok),
    measure('social_url → urlKey (loader)', socialUrls(100_000, 8), (u) => urlKey(u) !== ''),
    measure('company', companies(100_000), (c) => cleanCompany(c).ok),
  ];
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ node: process.version, cpu: cpus()[0]?.model, results }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(
    `node ${process.version}, ${cpus()[0]?.model ?? 'unknown cpu'}, best of ${ROUNDS} rounds\n`,
  );
  for (const r of results) {
    process.stdout.write(
      `${r.family.padEnd(40)} ${r.perSecond.toLocaleString('en-US').padStart(12)} /s  (${r.n.toLocaleString('en-US')} inputs, ${r.ok.toLocaleString('en-US')} valid)\n`,
    );
  }
}

main();
