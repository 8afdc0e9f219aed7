export * from './identifiers';
export * from './removal';
export * from './resolve';
export * from './suppressions';
export * from './sweep';
export * from './report';
