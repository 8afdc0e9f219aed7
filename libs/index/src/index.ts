export * from './build-indices';
export * from './client';
export * from './columns';
export * from './mappings';
export * from './projection';
