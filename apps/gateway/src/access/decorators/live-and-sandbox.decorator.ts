import { Get, HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiOperation } from '@nestjs/swagger';
import { sandboxPath } from '../scope';

/** Carries the sandbox mirror's summary in the document until documentRoutePolicies moves it onto its path. */
export const SANDBOX_SUMMARY_EXTENSION = 'x-sandbox-summary';

export interface LiveAndSandboxDocs {
  /** Of the live path. */
  summary: string;
  /** Of the sandbox path: say it reads the fictional sandbox records and is free. */
  sandboxSummary: string;
}

/**
 * One handler for a live endpoint and its sandbox mirror, which takes the same requests and
 * returns the same shapes (SPEC, Sandbox): `POST <path>` and `POST sandbox/<path>`, both 200 (or `status`), in
 * a controller without a path of its own (the sandbox prefix comes first).
 * Sharing the handler shares its validation, errors, headers and decorators, so the two cannot
 * drift. The handler learns which path it was called on with @RouteBuildKind(); what the sandbox
 * waives (credits, contract, route tier rules) follows from the path in RoutePolicies.
 */
export function PostLiveAndSandbox(path: string, docs: LiveAndSandboxDocs, status = 200): MethodDecorator {
  return liveAndSandbox(Post, path, docs, status);
}

/** The GET form of PostLiveAndSandbox: `GET <path>` and `GET sandbox/<path>`, one handler. */
export function GetLiveAndSandbox(path: string, docs: LiveAndSandboxDocs): MethodDecorator {
  return liveAndSandbox(Get, path, docs);
}

function liveAndSandbox(
  method: (paths: string[]) => MethodDecorator,
  path: string,
  docs: LiveAndSandboxDocs,
  status = 200,
): MethodDecorator {
  return applyDecorators(
    method([path, sandboxPath(path)]),
    HttpCode(status),
    ApiOperation({ summary: docs.summary }),
    ApiExtension(SANDBOX_SUMMARY_EXTENSION, docs.sandboxSummary),
  );
}
