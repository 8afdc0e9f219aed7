import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ShapingParamsDto } from './shaping-params.dto';

const check = (plain: Record<string, unknown>) => {
  const dto = plainToInstance(ShapingParamsDto, plain);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  return { dto: { ...dto }, fields: errors.map((e) => e.property) };
};

describe('ShapingParamsDto', () => {
  it.each([
    [
      { titlecase: true, pretty: false },
      { titlecase: true, pretty: false },
    ],
    [
      { titlecase: 'true', pretty: 'false' },
      { titlecase: true, pretty: false },
    ],
    [
      { include_fields: 'full_name', exclude_fields: 'emails' },
      { include_fields: 'full_name', exclude_fields: 'emails' },
    ],
    [{ include_fields: ['full_name', 'city'] }, { include_fields: 'full_name,city' }],
    [{}, {}],
  ])('accepts %j', (plain, expected) => {
    expect(check(plain)).toEqual({ dto: expected, fields: [] });
  });

  it.each([
    ['a non-boolean titlecase', { titlecase: 'yes' }, ['titlecase']],
    ['a numeric pretty', { pretty: 1 }, ['pretty']],
    ['a numeric include_fields', { include_fields: 3 }, ['include_fields']],
    ['an over-long exclude_fields', { exclude_fields: 'x'.repeat(5000) }, ['exclude_fields']],
    ['an undeclared parameter', { exclude: 'emails' }, ['exclude']],
  ])('rejects %s', (_name, plain, fields) => {
    expect(check(plain).fields).toEqual(fields);
  });
});
