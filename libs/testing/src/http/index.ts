export * from './boot';
export * from './client';
export * from './error-response';
export * from './harness';
