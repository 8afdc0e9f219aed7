/**
 * Stored values → the keys the query was normalized to, memoized: candidates repeat the same
 * cities, employers, schools and titles, and company/school keys are the costly part of scoring.
 */
import { cityKey, companyKey, domainKey, foldKey, schoolKey, urlKey } from '@app/normalize';
import { memoize } from '@app/cache';

export const cityKeyOf = memoize(cityKey);
export const companyKeyOf = memoize(companyKey);
export const schoolKeyOf = memoize(schoolKey);
export const domainKeyOf = memoize((s: string) => (s === '' ? null : domainKey(s)));
export const urlKeyOf = memoize((s: string) => (s === '' ? '' : urlKey(s)));
export const foldOf = memoize(foldKey);
