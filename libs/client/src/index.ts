export {
  type CallMethod,
  type Client,
  type ClientOptions,
  createClient,
  type Path,
  type Result,
} from './client';
export { ClientError, type Match, type Page, type PagedPath, type PageQuery } from './pages';
export type { Credits, RateLimit, ResultMeta } from './meta';
export { parseRetryAfter, type Clock, type RetryOptions } from './retry';
export type { components, operations, paths } from './generated/openapi';
