export { ApiKeyAuth } from './api-key-auth.decorator';
export { CurrentCaller } from './current-caller.decorator';
export { Enterprise } from './enterprise.decorator';
export {
  GetLiveAndSandbox,
  type LiveAndSandboxDocs,
  PostLiveAndSandbox,
  SANDBOX_SUMMARY_EXTENSION,
} from './live-and-sandbox.decorator';
export { Public } from './public.decorator';
export { RateLimit } from './rate-limit.decorator';
export { RouteBuildKind } from './route-build-kind.decorator';
