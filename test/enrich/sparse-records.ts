/**
 * Hand-made null-heavy records for the enrichment e2e suites, in the full shape the loader
 * serves (every field present, unknown = null, lists []), so a test can compare what comes back
 * with them as they are.
 */
import {
  COMPANY_RECORD_FIELDS,
  type CompanyRecord,
  PERSON_RECORD_FIELDS,
  type PersonEmail,
  type PersonLocation,
  type PersonRecord,
} from '@app/contracts';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { hashEmail } from '@app/normalize';
import { LIVE_BUILD } from './harness';

/** The list fields, read off the fixtures (which fill every field). */
const listsOf = (record: object) =>
  new Set(Object.entries(record).flatMap(([k, v]) => (Array.isArray(v) ? [k] : [])));
const PERSON_LISTS = listsOf(personFixture());
const COMPANY_LISTS = listsOf(companyFixture());

/** A person known by its svc_id and full name and whatever `known` adds; every other field null or []. */
export function sparsePerson(
  svcId: string,
  fullName: string,
  known: Partial<PersonRecord> = {},
): PersonRecord {
  const record = Object.fromEntries(
    PERSON_RECORD_FIELDS.map((f) => [f, PERSON_LISTS.has(f) ? [] : null]),
  ) as unknown as PersonRecord;
  return { ...record, svc_id: svcId, full_name: fullName, build_version: LIVE_BUILD, ...known };
}

/** A company known by its svc_id and a name or a domain; every other field null or []. */
export function sparseCompany(svcId: string, known: Partial<CompanyRecord>): CompanyRecord {
  const record = Object.fromEntries(
    COMPANY_RECORD_FIELDS.map((f) => [f, COMPANY_LISTS.has(f) ? [] : null]),
  ) as unknown as CompanyRecord;
  return { ...record, svc_id: svcId, build_version: LIVE_BUILD, ...known };
}

/** An email entry knowing its address (and the hashes the loader would compute) only. */
export function bareEmail(address: string): PersonEmail {
  const h = hashEmail(address);
  return {
    address,
    type: null,
    current: null,
    validated: null,
    confidence: null,
    last_seen: null,
    num_sources: null,
    validation_status: null,
    hash_sha256: h.sha256,
    hash_sha1: h.sha1,
    hash_md5: h.md5,
  };
}

/** A current location known by its city alone. */
export function livesIn(city: string): PersonLocation {
  return {
    street_address: null,
    address_line_2: null,
    city,
    state: null,
    state_code: null,
    country: null,
    country_code: null,
    continent: null,
    continent_code: null,
    postal_code: null,
    postal_code_4: null,
    geo: null,
    raw: [],
    current: true,
    num_sources: null,
    confidence: null,
    last_seen: null,
  };
}
