export * from './config';
export * from './config.module';
export { CREDITS_COMMIT_MODES, Env, LOG_LEVELS, NODE_ENVS } from './env';
export type { CreditsCommitMode } from './env';
export { parseSigningKeys } from './signing-keys';
export { natsServers, openSearchNodes } from './url-list';
export type { SigningJwk } from './signing-keys';
