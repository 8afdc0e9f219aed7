export * from './email';
export * from './hash';
export * from './fold';
export * from './url-key';
