import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

/** The route config key that marks an upload route, and its own body limit. */
const RAW_UPLOAD = 'rawUpload';

interface RawUploadConfig {
  bodyLimit: number;
}

/** What an upload route's handler gets: the bytes as sent and what says how to read them. */
export interface RawUploadBody {
  bytes: Buffer;
  contentType: string;
  contentEncoding: string | undefined;
}

/**
 * An upload route: its body reaches the handler as the bytes sent, whatever the media type
 * (JSON, JSONL, CSV, gzip-encoded or not), up to `bodyLimit` instead of the app's limit. The
 * handler reads it with @UploadedBody() and parses it off the event loop; every other route
 * keeps Fastify's parsers and the app's limit.
 */
export function RawUpload(bodyLimit: number): MethodDecorator {
  return applyDecorators(RouteConfig({ [RAW_UPLOAD]: { bodyLimit } satisfies RawUploadConfig }));
}

export const UploadedBody = createParamDecorator((_: unknown, ctx: ExecutionContext): RawUploadBody => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  const body = request.body;
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '', 'utf8');
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return { bytes, contentType: header('content-type') ?? '', contentEncoding: header('content-encoding') };
});

export function isRawUpload(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  return config?.[RAW_UPLOAD] !== undefined;
}

/**
 * Before the routes are registered: upload routes get their own body limit, and any media type
 * without a parser of its own reaches them as bytes; elsewhere such a type is still Fastify's
 * 415, as it was before upload routes existed.
 */
export function installRawUploads(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const upload = (route.config as Record<string, unknown> | undefined)?.[RAW_UPLOAD] as
      RawUploadConfig | undefined;
    if (upload) route.bodyLimit = upload.bodyLimit;
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    if (isRawUpload(request)) done(null, body);
    else
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type'] ?? ''), undefined);
  });
}
