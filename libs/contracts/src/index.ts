export * from './access';
export * from './entities';
export * from './errors';
export * from './nats';
export * from './records';
export * from './search-columns';
export * from './reports';
export * from './industry-taxonomy';
