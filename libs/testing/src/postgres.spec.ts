import { randomSchemaName, schemaEnv } from './postgres';

describe('randomSchemaName', () => {
  it('is a t_-prefixed lowercase identifier accepted as DATABASE_SCHEMA', () => {
    for (let i = 0; i < 50; i++) expect(randomSchemaName()).toMatch(/^t_[a-z0-9]{16}$/);
  });

  it('does not repeat', () => {
    const names = new Set(Array.from({ length: 1000 }, randomSchemaName));
    expect(names.size).toBe(1000);
  });
});

describe('schemaEnv', () => {
  it('gives the DATABASE_* variables loadConfig reads', () => {
    expect(schemaEnv({ url: 'postgres://u@h:5432/d', schema: 't_x', poolSize: 3 })).toEqual({
      DATABASE_URL: 'postgres://u@h:5432/d',
      DATABASE_SCHEMA: 't_x',
      DATABASE_POOL_SIZE: '3',
    });
  });
});
