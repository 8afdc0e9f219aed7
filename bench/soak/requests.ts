/**
 * What the soak sends: a fixed cycle of enrich, search, clean and hash requests, the enrich
 * bodies taken from the generated people, and one of each kind as a smoke test before the clock
 * starts.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { PersonRecord } from '@app/contracts';

/** Up to `n` email and `n` name-city-company bodies from the build's people, alternating. */
export async function enrichBodies(file: string, n: number): Promise<object[]> {
  const email: object[] = [];
  const name: object[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const p = JSON.parse(line) as PersonRecord;
    if (email.length < n && p.emails[0]) email.push({ email: p.emails[0].address });
    if (name.length < n && p.city && p.company_name)
      name.push({ full_name: p.full_name, city: p.city, company: p.company_name });
    if (email.length >= n && name.length >= n) break;
  }
  lines.close();
  const out: object[] = [];
  for (let i = 0; i < Math.max(email.length, name.length); i++) {
    if (email[i]) out.push(email[i]);
    if (name[i]) out.push(name[i]);
  }
  return out;
}

/** The cycle autocannon repeats, over `bodies` (enrichBodies). */
export function requestMix(bodies: object[]): object[] {
  const sqls = [
    `SELECT * FROM people WHERE city = 'san francisco' AND seniority_level = 'senior'`,
    `SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = 'new york'`,
    `SELECT * FROM people WHERE skills ILIKE '%python%'`,
  ];
  const cleanBodies = [
    { fields: { phone: '(415) 555-0173', company: 'Tessellate Cloud, Inc.', state: 'Calif.' } },
    { fields: { email: ' Jane.Doe+x@Example.COM ', country: 'UK' } },
  ];
  // A cycle of 120: 60 enrich, 36 search, 23 clean, 1 hash (hash_email is fixed at 100/min per key).
  const requests: object[] = [];
  let e = 0;
  for (let i = 0; i < 120; i++) {
    const r = i % 10;
    if (i === 119)
      requests.push({
        method: 'POST',
        path: '/utility/hash/email',
        body: JSON.stringify({ email: `soak${i}@example.com` }),
      });
    else if (r < 5)
      requests.push({
        method: 'POST',
        path: '/person/enrich',
        body: JSON.stringify(bodies[e++ % bodies.length]),
      });
    else if (r < 8)
      requests.push({
        method: 'POST',
        path: '/person/search',
        body: JSON.stringify({ query: sqls[i % 3] }),
      });
    else requests.push({ method: 'POST', path: '/utility/clean', body: JSON.stringify(cleanBodies[i % 2]) });
  }
  return requests;
}

/** One request of each kind (enrich, search, clean, hash) answers 2xx. */
export async function smoke(
  base: string,
  apiKey: string,
  requests: object[],
  log: (text: string) => void,
): Promise<void> {
  for (const r of [requests[0], requests[5], requests[8], requests[119]] as Array<{
    path: string;
    body: string;
  }>) {
    const res = await fetch(base + r.path, {
      method: 'POST',
      headers: { 'api-key': apiKey, 'content-type': 'application/json' },
      body: r.body,
    });
    log(`smoke ${r.path}: ${res.status}`);
    if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${await res.text()}`);
  }
}
