import {
  COMPANY_METADATA_FIELDS,
  COMPANY_RECORD_FIELDS,
  COMPANY_REPORT_GROUP_VALUES,
  ISSUE_LEVEL_VALUES,
  ISSUE_TYPE_VALUES,
  PERSON_METADATA_FIELDS,
  PERSON_RECORD_FIELDS,
  PERSON_REPORT_GROUP_VALUES,
} from '@app/contracts';
import { fieldPaths } from '@app/shaping';
import { checkReport, fieldProblem, groupOf, ReportInput } from './report-rules';

const base: ReportInput = {
  issue_type: 'incorrect',
  issue_level: 'field',
  field: 'job_title',
  correct_value: 'cto',
};
const fieldsOf = (subject: 'person' | 'company', input: Partial<ReportInput>) =>
  checkReport(subject, { ...base, ...input }).map((p) => p.field);

describe('checkReport', () => {
  it.each<[string, 'person' | 'company', Partial<ReportInput>]>([
    ['a field report', 'person', {}],
    ['a flat field that folds into its collection', 'person', { field: 'job_title' }],
    ['a sub-field', 'person', { field: 'experience.title' }],
    ['a deep sub-field', 'person', { field: 'experience.organization.name' }],
    ['a collection as a field', 'person', { field: 'emails' }],
    ['mixed case and spaces', 'person', { field: '  Job_Title ' }],
    ['a group report', 'person', { issue_level: 'group', field: 'experience' }],
    ['every person group', 'person', { issue_level: 'group', field: 'identity' }],
    ['a record report', 'person', { issue_level: 'record', field: undefined }],
    ['a record report with a null field', 'person', { issue_level: 'record', field: null }],
    ['a record report with a blank field', 'person', { issue_level: 'record', field: '  ' }],
    ['frankenstein', 'person', { issue_type: 'frankenstein', issue_level: 'record', field: null }],
    ['not_a_real_person', 'person', { issue_type: 'not_a_real_person', issue_level: 'record', field: null }],
    ['a comment instead of a correction', 'person', { correct_value: null, comment: 'left in 2024' }],
    ['a company field', 'company', { field: 'industry' }],
    ['a company sub-field', 'company', { field: 'tickers.ticker_symbol' }],
    ['a company group', 'company', { issue_level: 'group', field: 'metrics' }],
    ['a duplicate company', 'company', { issue_type: 'duplicate', issue_level: 'record', field: null }],
    ['frankenstein company', 'company', { issue_type: 'frankenstein', issue_level: 'record', field: null }],
  ])('accepts %s', (_label, subject, input) => {
    expect(checkReport(subject, { ...base, ...input })).toEqual([]);
  });

  it.each<[string, 'person' | 'company', Partial<ReportInput>, string[], RegExp]>([
    [
      'not_a_real_person on a company',
      'company',
      { issue_type: 'not_a_real_person', issue_level: 'record', field: null },
      ['issue_type'],
      /people only/,
    ],
    [
      'frankenstein at field level',
      'person',
      { issue_type: 'frankenstein' },
      ['issue_level'],
      /must be "record"/,
    ],
    [
      'not_a_real_person at group level',
      'person',
      { issue_type: 'not_a_real_person', issue_level: 'group', field: 'identity' },
      ['issue_level'],
      /whole record/,
    ],
    [
      'a field on a record report',
      'person',
      { issue_level: 'record', field: 'job_title' },
      ['field'],
      /omitted/,
    ],
    [
      'no field on a field report',
      'person',
      { field: null },
      ['field'],
      /required when issue_level is "field"/,
    ],
    [
      'no field on a group report',
      'person',
      { issue_level: 'group', field: undefined },
      ['field'],
      /one of identity, experience/,
    ],
    [
      'an unknown group',
      'person',
      { issue_level: 'group', field: 'career' },
      ['field'],
      /not a person group/,
    ],
    [
      'a field given as a group',
      'person',
      { issue_level: 'group', field: 'job_title' },
      ['field'],
      /job_title is a field of group experience/,
    ],
    [
      'a company group on a person',
      'person',
      { issue_level: 'group', field: 'firmographics' },
      ['field'],
      /not a person group/,
    ],
    [
      'a person group on a company',
      'company',
      { issue_level: 'group', field: 'identity' },
      ['field'],
      /not a company group/,
    ],
    ['an unknown field', 'person', { field: 'job_titel' }, ['field'], /did you mean job_title/],
    ['a group given as a field', 'person', { field: 'identity' }, ['field'], /use issue_level "group"/],
    ['confidence', 'person', { field: 'emails.confidence' }, ['field'], /metadata or provenance/],
    ['last_seen', 'person', { field: 'last_seen' }, ['field'], /metadata/],
    ['build_version', 'person', { field: 'build_version' }, ['field'], /metadata/],
    ['an email hash', 'person', { field: 'emails.hash_sha256' }, ['field'], /metadata/],
    ['num_sources', 'person', { field: 'phones.num_sources' }, ['field'], /metadata/],
    ['raw sources', 'person', { field: 'headline.raw' }, ['field'], /metadata/],
    ['the record id', 'person', { field: 'svc_id' }, ['field'], /metadata/],
    ['a confirmation date', 'person', { field: 'current_jobs_last_confirmed' }, ['field'], /metadata/],
    ['company last_seen', 'company', { field: 'last_seen' }, ['field'], /metadata/],
    [
      'a person field on a company',
      'company',
      { field: 'job_title' },
      ['field'],
      /not a company response field/,
    ],
    [
      'neither correction nor comment',
      'person',
      { correct_value: null, comment: null },
      ['correct_value'],
      /correct_value or comment/,
    ],
    [
      'blank correction and comment',
      'person',
      { correct_value: ' ', comment: '\t' },
      ['correct_value'],
      /correct_value or comment/,
    ],
  ])('refuses %s', (_label, subject, input, fields, message) => {
    const problems = checkReport(subject, { ...base, ...input });
    expect(problems.map((p) => p.field)).toEqual(fields);
    expect(problems[0].problems[0]).toMatch(message);
  });

  it('names every violation at once', () => {
    expect(
      fieldsOf('company', {
        issue_type: 'not_a_real_person',
        issue_level: 'field',
        field: 'confidence',
        correct_value: null,
      }),
    ).toEqual(['issue_type', 'issue_level', 'field', 'correct_value']);
  });

  it('checks every issue_type × issue_level combination the same way', () => {
    for (const type of ISSUE_TYPE_VALUES) {
      for (const level of ISSUE_LEVEL_VALUES) {
        const field = level === 'record' ? null : level === 'group' ? 'experience' : 'job_title';
        const problems = fieldsOf('person', { issue_type: type, issue_level: level, field });
        const recordOnly = type === 'frankenstein' || type === 'not_a_real_person';
        expect(problems).toEqual(recordOnly && level !== 'record' ? ['issue_level'] : []);
      }
    }
  });
});

describe('report fields', () => {
  it('every top-level record field is reportable or metadata, and groups are known', () => {
    for (const f of PERSON_RECORD_FIELDS) {
      if (fieldProblem('person', f) === null)
        expect(PERSON_REPORT_GROUP_VALUES).toContain(groupOf('person', f));
      else expect(PERSON_METADATA_FIELDS).toContain(f);
    }
    for (const f of COMPANY_RECORD_FIELDS) {
      if (fieldProblem('company', f) === null)
        expect(COMPANY_REPORT_GROUP_VALUES).toContain(groupOf('company', f));
      else expect(COMPANY_METADATA_FIELDS).toContain(f);
    }
  });

  it.each([
    ['job_title', 'experience'],
    ['company_name', 'experience'],
    ['work_email', 'emails'],
    ['mobile_phone', 'phones'],
    ['city', 'locations'],
    ['netx_url', 'socials'],
    ['emails.address', 'emails'],
    ['highest_degree_level', 'education'],
  ])('%s belongs to %s', (field, group) => {
    expect(groupOf('person', field)).toBe(group);
  });
});

describe('fields the record lacks', () => {
  // Records are sparse: any of these may be null in the reported record. The rules see the
  // record type only (ReportInput has no observed_value and no record), so each is accepted.
  it.each(['person', 'company'] as const)(
    'every reportable %s path is accepted at field level with no observed_value',
    (subject) => {
      const paths = fieldPaths(subject).filter((p) => fieldProblem(subject, p) === null);
      expect(paths.length).toBeGreaterThan(subject === 'person' ? 100 : 20);
      for (const field of paths) {
        expect([
          field,
          checkReport(subject, { issue_type: 'incorrect', issue_level: 'field', field, comment: 'missing' }),
        ]).toEqual([field, []]);
      }
    },
  );
});
