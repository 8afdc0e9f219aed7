import type { Entity } from '@app/contracts';
import type { Vocabulary } from '@app/discovery';

/** A search-document field whose stored values feed one vocabulary list; nested ones sit under `{v}`. */
export interface VocabularySource {
  readonly list: keyof Vocabulary;
  readonly field: string;
  readonly nested?: boolean;
  /** Most frequent values kept: enough for the long tail people name, bounded for a 1M build. */
  readonly size: number;
}

/**
 * Which stored values discovery may recognise, per entity. Only columns the SQL subset can
 * filter on appear here, so a recognised value always has a column to go to.
 */
export const VOCABULARY_SOURCES: Record<Entity, readonly VocabularySource[]> = {
  person: [
    { list: 'jobTitles', field: 'job_title', size: 5000 },
    { list: 'jobTitles', field: 'title', nested: true, size: 5000 },
    { list: 'cities', field: 'city', size: 5000 },
    { list: 'states', field: 'state', size: 500 },
    { list: 'countries', field: 'country', size: 300 },
    { list: 'industries', field: 'company_industry', size: 1000 },
    { list: 'companyNames', field: 'company_name', size: 5000 },
    { list: 'companyNames', field: 'organization_name', nested: true, size: 5000 },
    { list: 'companyDomains', field: 'company_domain', size: 5000 },
    { list: 'skills', field: 'skills', nested: true, size: 3000 },
    { list: 'languages', field: 'languages', nested: true, size: 300 },
  ],
  company: [
    { list: 'industries', field: 'industry', size: 1000 },
    { list: 'companyNames', field: 'name_cleaned', size: 5000 },
    { list: 'companyDomains', field: 'domain', size: 5000 },
    { list: 'tickers', field: 'ticker_symbol', nested: true, size: 5000 },
    { list: 'exchanges', field: 'exchange', nested: true, size: 200 },
  ],
};
