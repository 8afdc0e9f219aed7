import type { ErrorBody } from '@app/contracts';
import type { ToolSpec } from './tools';

/** `{name}` segments of a tool's path. */
const SEGMENT = /\{(\w+)\}/g;

/**
 * Every OpenAPI path a tool may call: a path argument with an enum is expanded to each value
 * (`/{entity}/enrich/jobs` → `/person/enrich/jobs`, `/company/enrich/jobs`); any other stays a
 * `{name}` template, as the document writes it. The first is the one whose schemas the tool takes:
 * the values of an enum argument name routes documented alike.
 */
export function documentPaths(spec: ToolSpec): string[] {
  let paths = [spec.path];
  for (const [name, argument] of Object.entries(spec.pathArguments ?? {})) {
    if (!argument.enum) continue;
    paths = paths.flatMap((p) => argument.enum!.map((value) => p.replace(`{${name}}`, value)));
  }
  return paths;
}

/**
 * The endpoint scopes a tool's live routes have (`scopeOf`: the route as Fastify registers it,
 * `/jobs/:id`), which a limited key's endpoints name.
 */
export function routeScopes(spec: ToolSpec): string[] {
  return documentPaths(spec).map((p) => p.replace(SEGMENT, ':$1'));
}

/**
 * The live path of one call, its path arguments taken out of the arguments. A value is checked
 * only as far as the path needs: one of its enum, and never a segment that would leave the path
 * (empty, `.`, `..`; anything else is URL-encoded). Whether it names something (a job id of the
 * team) is the route's answer, as over HTTP.
 */
export function resolvePath(
  spec: ToolSpec,
  args: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } | { refusal: ErrorBody } {
  const rest = { ...args };
  const problems: Array<{ field: string; problems: string[] }> = [];
  let path = spec.path;
  for (const [name, argument] of Object.entries(spec.pathArguments ?? {})) {
    const value = rest[name];
    delete rest[name];
    const problem =
      typeof value !== 'string' || value === '' || value === '.' || value === '..'
        ? `${name} must be a non-empty string`
        : argument.enum && !argument.enum.includes(value)
          ? `${name} must be one of the following values: ${argument.enum.join(', ')}`
          : null;
    if (problem) problems.push({ field: name, problems: [problem] });
    else path = path.replace(`{${name}}`, encodeURIComponent(value as string));
  }
  if (problems.length === 0) return { path, rest };
  // The validation pipe's shape (docs/errors.md), so a model reads it like any 422.
  return {
    refusal: {
      error: 'validation_failed',
      message: `The request has invalid fields: ${problems.map((p) => `${p.field}: ${p.problems[0]}`).join('; ')}`,
      details: problems,
    },
  };
}
