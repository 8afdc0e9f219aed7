import {
  CompanyRecord,
  Entity,
  Normalized,
  normalizeCompanyRecord,
  normalizePersonRecord,
  PersonRecord,
} from '@app/contracts';
import { companyRows, KeyRow, personRows } from '@app/matching';
import { projectCompany, projectPerson, SearchDoc } from '@app/search-index';

export type LoadedRecord = { svc_id: string; build_version: string | null };

/** What the loader needs to know of an entity: its trust-boundary check, rows and search document. */
export interface EntitySpec<R extends LoadedRecord> {
  entity: Entity;
  normalize(x: unknown): Normalized<R>;
  rows(r: R): { row: { svc_id: string }; keys: KeyRow<string>[] };
  project(r: R): SearchDoc;
}

export const PERSON: EntitySpec<PersonRecord> = {
  entity: 'person',
  normalize: normalizePersonRecord,
  rows: personRows,
  project: projectPerson,
};
export const COMPANY: EntitySpec<CompanyRecord> = {
  entity: 'company',
  normalize: normalizeCompanyRecord,
  rows: companyRows,
  project: projectCompany,
};
