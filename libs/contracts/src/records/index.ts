export * from './common';
export * from './enums';
export * from './person';
export * from './company';
export * from './validate';
export * from './subfields';
