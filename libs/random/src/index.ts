export { mix32, Rng, seedWords } from './rng';
export { Weighted } from './weighted';
