import { Initial1795293638062 } from './1795293638062-Initial';

/** Every migration in order; registered explicitly (no globs) so ts and compiled js behave the same. */
export const MIGRATIONS = [Initial1795293638062];
