export * from './errors';
export * from './nats';
export * from './records';
