export { ApiKeyAuth } from './api-key-auth.decorator';
export { Billed } from './billed.decorator';
export { CurrentCaller } from './current-caller.decorator';
export { Enterprise } from './enterprise.decorator';
export { Public } from './public.decorator';
export { RateLimit } from './rate-limit.decorator';
