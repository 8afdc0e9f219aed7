export * from './http-metrics';
export * from './metrics-server';
export * from './metrics.module';
export * from './pg-pool-metrics';
export * from './registry';
