import { isCheckViolation, isUniqueViolation } from './errors';

describe('isUniqueViolation / isCheckViolation', () => {
  const unique = { code: '23505', constraint: 'idx_teams_name' };
  const check = { code: '23514', constraint: 'chk_teams_credits_balance_non_negative' };

  it('reads pg errors directly or wrapped as TypeORM driverError', () => {
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isUniqueViolation({ driverError: unique }, 'idx_teams_name')).toBe(true);
    expect(isCheckViolation({ driverError: check }, 'chk_teams_credits_balance_non_negative')).toBe(true);
  });

  it('tells constraints and codes apart', () => {
    expect(isUniqueViolation(unique, 'idx_accounts_email')).toBe(false);
    expect(isUniqueViolation(check)).toBe(false);
    expect(isCheckViolation(unique)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isCheckViolation(null)).toBe(false);
  });
});
