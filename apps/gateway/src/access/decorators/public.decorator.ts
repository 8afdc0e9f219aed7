import { SetMetadata } from '@nestjs/common';
import { IS_PUBLIC } from '../route-policy';

/**
 * No API key, scope, credit or rate-limit check: operational routes (/health), and routes that
 * authenticate otherwise through their own guard (@AgentTokenAuth).
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
