export * from './build-indices';
export * from './client';
export * from './mappings';
export * from './projection';
export * from './build-aliases';
export * from './autocomplete-index';
