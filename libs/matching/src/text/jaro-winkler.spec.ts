import { jaro, jaroWinkler } from './jaro-winkler';

describe('jaro / jaroWinkler', () => {
  // Reference values from Winkler's papers and the common test vectors.
  it.each([
    ['martha', 'marhta', 0.9444, 0.9611],
    ['dwayne', 'duane', 0.8222, 0.84],
    ['dixon', 'dicksonx', 0.7667, 0.8133],
    ['jones', 'johnson', 0.7905, 0.8324],
    ['abc', 'xyz', 0, 0],
    ['', '', 1, 1],
    ['a', '', 0, 0],
    ['smith', 'smith', 1, 1],
  ])('%s vs %s', (a, b, j, jw) => {
    expect(jaro(a, b)).toBeCloseTo(j, 3);
    expect(jaroWinkler(a, b)).toBeCloseTo(jw, 3);
  });

  it('is symmetric', () => {
    for (const [a, b] of [
      ['katherine', 'catherine'],
      ['okonkwo vale', 'okonkwo'],
      ['mueller', 'muller'],
    ]) {
      expect(jaroWinkler(a, b)).toBeCloseTo(jaroWinkler(b, a), 12);
    }
  });
});
