import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ReportRequestDto } from './report-request.dto';

const base = {
  svc_id: '86853a6c-6ce2-4eba-8e7a-c5f6dfbc3ff7',
  issue_type: 'incorrect',
  issue_level: 'field',
  field: 'job_title',
  correct_value: 'cto',
};
const problems = async (body: Record<string, unknown>) =>
  (await validate(plainToInstance(ReportRequestDto, body))).map((e) => e.property);

describe('ReportRequestDto', () => {
  it.each<[string, Record<string, unknown>]>([
    ['observed_value omitted', {}],
    ['observed_value null (the record has no value)', { observed_value: null }],
    ['observed_value blank', { observed_value: '' }],
    ['observed_value given', { observed_value: 'staff engineer' }],
    ['every optional field null', { field: null, observed_value: null, correct_value: null, comment: null }],
  ])('accepts %s', async (_label, patch) => {
    expect(await problems({ ...base, ...patch })).toEqual([]);
  });

  it('still checks an observed_value that is given', async () => {
    expect(await problems({ ...base, observed_value: 5 })).toEqual(['observed_value']);
    expect(await problems({ ...base, observed_value: 'a'.repeat(1001) })).toEqual(['observed_value']);
  });
});
