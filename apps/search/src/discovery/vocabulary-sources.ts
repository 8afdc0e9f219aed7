import type { Entity } from '@app/contracts';
import type { VocabularyList } from '@app/discovery';

/** A search-document field whose stored values feed one vocabulary list; nested ones sit under `{v}`. */
export interface VocabularySource {
  readonly list: VocabularyList;
  readonly field: string;
  readonly nested?: boolean;
  /**
   * A field whose few most held values are read per value too: titles' holders by
   * `seniority_level` (Vocabulary.titleSeniority), which decides how a title starting with a
   * seniority word is read.
   */
  readonly levels?: string;
}

/**
 * Which stored values discovery may recognise, per entity: every distinct value of each field
 * (vocabulary-reader.ts). Only columns the SQL subset can filter on appear here, so a
 * recognised value always has a column to go to.
 */
export const VOCABULARY_SOURCES: Record<Entity, readonly VocabularySource[]> = {
  person: [
    { list: 'jobTitles', field: 'job_title', levels: 'seniority_level' },
    { list: 'jobTitles', field: 'title', nested: true },
    { list: 'cities', field: 'city' },
    { list: 'states', field: 'state' },
    { list: 'countries', field: 'country' },
    { list: 'industries', field: 'company_industry' },
    { list: 'companyNames', field: 'company_name' },
    { list: 'companyNames', field: 'organization_name', nested: true },
    { list: 'companyDomains', field: 'company_domain' },
    { list: 'skills', field: 'skills', nested: true },
    { list: 'languages', field: 'languages', nested: true },
  ],
  company: [
    { list: 'industries', field: 'industry' },
    { list: 'companyNames', field: 'name_cleaned' },
    { list: 'companyDomains', field: 'domain' },
    { list: 'tickers', field: 'ticker_symbol', nested: true },
    { list: 'exchanges', field: 'exchange', nested: true },
  ],
};
