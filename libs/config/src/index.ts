export * from './config';
export * from './config.module';
export { Env, LOG_LEVELS, NODE_ENVS } from './env';
