/**
 * The one table of what `titlecase=true` changes. Anything not listed keeps its stored form:
 * raw spellings (`raw`, company `name.display`), ids, URLs, domains, emails, codes, hashes,
 * enum values, dates, confidence values, phone numbers, usernames, build versions, and the
 * prose fields (summary, descriptions), which title case would make harder to read.
 * Keys are checked against the record types at compile time.
 */
import { Entity } from '@app/contracts';
import type { CompanyFieldPath, PersonFieldPath } from './field-tree';
import type { TitleStyle } from './titlecase';

export const PERSON_TITLECASE_FIELDS = {
  full_name: 'name',
  first_name: 'name',
  middle_name: 'name',
  last_name: 'name',
  middle_initial: 'name',
  last_initial: 'name',
  prefix: 'name',
  suffix: 'name',
  city: 'text',
  state: 'text',
  country: 'text',
  job_title: 'text',
  company_name: 'text',
  company_industry: 'text',
  'headline.cleaned': 'text',
  'locations.street_address': 'text',
  'locations.address_line_2': 'text',
  'locations.city': 'text',
  'locations.state': 'text',
  'locations.country': 'text',
  'locations.continent': 'text',
  'experience.title.cleaned': 'text',
  'experience.organization.name.cleaned': 'text',
  'experience.organization.industry': 'text',
  'education.organization.name.cleaned': 'text',
  'education.degree.cleaned': 'text',
  'education.field_of_study.cleaned': 'text',
  'certifications.name.cleaned': 'text',
  'certifications.institution.cleaned': 'text',
  'skills.cleaned': 'text',
  'languages.cleaned': 'text',
} as const satisfies Partial<Record<PersonFieldPath, TitleStyle>>;

export const COMPANY_TITLECASE_FIELDS = {
  'name.cleaned': 'text',
  industry: 'text',
  'headline.cleaned': 'text',
} as const satisfies Partial<Record<CompanyFieldPath, TitleStyle>>;

export const TITLECASE_FIELDS: Record<Entity, Readonly<Record<string, TitleStyle>>> = {
  person: PERSON_TITLECASE_FIELDS,
  company: COMPANY_TITLECASE_FIELDS,
};
