// Apart from tools.ts so that the files making tools (job-tools.ts) need not import the list.
type JsonSchema = Record<string, unknown>;

/**
 * One MCP tool: the HTTP route it calls (so the route's guard, validation, billing and rate limit
 * apply unchanged), and what the route's OpenAPI entry cannot say for a model.
 */
export interface ToolSpec {
  name: string;
  title: string;
  /**
   * The live route, `<method> <path>`; a POST's request body schema, or a GET's query
   * parameters, are the tool's input schema. A `{name}` segment is the argument `name`
   * (pathArguments).
   */
  path: string;
  /** The arguments that are segments of `path`, with their input schemas (tool-paths.ts). */
  pathArguments?: Readonly<Record<string, PathArgument>>;
  /** POST when absent. A GET tool sends its arguments (but `sandbox`) as the query string, no body. */
  method?: 'GET' | 'POST';
  /** The route has a /sandbox/ mirror, chosen with the tool's `sandbox` argument. */
  sandbox: boolean;
  /** Reads only (not the reports, which store a report, nor job creation, which stores a job). */
  readOnly: boolean;
  description: string;
  /** `document`: the route's documented success body (200, or 201/202); else written here (the route documents none). */
  output: JsonSchema | 'document';
}

/**
 * An argument that is a path segment, not part of the body or query. With `enum`, it picks one
 * of the routes its values name (all documented alike); else the route reads it as a parameter.
 */
export interface PathArgument {
  type: 'string';
  description: string;
  enum?: readonly string[];
  format?: string;
}
