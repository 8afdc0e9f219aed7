export * from './environment';
export * from './postgres';
