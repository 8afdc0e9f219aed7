import type { PersonCandidate } from '@app/matching';
import { CandidateCache } from './candidate-cache';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('CandidateCache', () => {
  const person = (n: number): PersonCandidate => ({
    svc_id: uuid(n),
    first_name: 'ana',
    last_name: 'lima',
    middle_name: '',
    birth_date: '',
    locations: [],
    jobs: [],
    schools: [],
  });

  it('keeps candidates per build', () => {
    const cache = new CandidateCache({ enrichment: { candidateCacheSize: 100 } });
    cache.set('live-1', person(1));
    cache.set('sandbox-1', person(2));
    expect(cache.get('live-1', uuid(1))?.svc_id).toBe(uuid(1));
    expect(cache.get('sandbox-1', uuid(1))).toBeUndefined();
    expect(cache.get('sandbox-1', uuid(2))?.svc_id).toBe(uuid(2));
  });

  it('holds no more candidates per build than configured', () => {
    const cache = new CandidateCache({ enrichment: { candidateCacheSize: 10 } });
    for (let n = 1; n <= 100; n++) cache.set('live-1', person(n));
    const held = Array.from({ length: 100 }, (_, i) => cache.get('live-1', uuid(i + 1))).filter(Boolean);
    expect(held.length).toBeGreaterThanOrEqual(5);
    expect(held.length).toBeLessThanOrEqual(10);
    expect(cache.get('live-1', uuid(100))?.svc_id).toBe(uuid(100));
  });

  it('forgets the oldest builds once more than four have been seen', () => {
    const cache = new CandidateCache({ enrichment: { candidateCacheSize: 100 } });
    for (let b = 1; b <= 5; b++) cache.set(`build-${b}`, person(b));
    expect(cache.get('build-1', uuid(1))).toBeUndefined();
    for (let b = 2; b <= 5; b++) expect(cache.get(`build-${b}`, uuid(b))?.svc_id).toBe(uuid(b));
  });
});
