import type { OpenAPIObject } from '@nestjs/swagger';
import { toJsonSchema, toolDefinition } from './tool-schemas';
import { TOOL_BY_NAME } from './tools';

const document = {
  components: {
    schemas: {
      Item: { type: 'object', properties: { name: { type: 'string', nullable: true, example: 'acme' } } },
      Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } },
    },
  },
} as unknown as OpenAPIObject;

describe('toJsonSchema', () => {
  it('inlines $refs and turns OpenAPI 3.0 keywords into JSON Schema', () => {
    expect(toJsonSchema({ type: 'array', items: { $ref: '#/components/schemas/Item' } }, document)).toEqual({
      type: 'array',
      items: { type: 'object', properties: { name: { type: ['string', 'null'], examples: ['acme'] } } },
    });
  });

  it('ends a cycle with a plain object instead of recursing', () => {
    expect(toJsonSchema({ $ref: '#/components/schemas/Node' }, document)).toEqual({
      type: 'object',
      properties: { child: { type: 'object' } },
    });
  });

  it('keeps property names that look like keywords', () => {
    const schema = {
      type: 'object',
      properties: { example: { type: 'string' }, nullable: { type: 'boolean' } },
    };
    expect(toJsonSchema(schema, document)).toEqual(schema);
  });
});

describe('toolDefinition of a GET route', () => {
  const listing = {
    paths: {
      '/builds': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          },
        },
      },
    },
    components: document.components,
  } as unknown as OpenAPIObject;

  it('takes no arguments but sandbox and answers its documented 200', () => {
    const tool = toolDefinition(TOOL_BY_NAME.get('list_builds')!, listing);
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { sandbox: expect.objectContaining({ type: 'boolean' }) },
    });
    expect(tool.outputSchema).toEqual({
      type: 'object',
      properties: { name: { type: ['string', 'null'], examples: ['acme'] } },
    });
  });

  it('takes its query parameters, required ones required, descriptions kept, plus sandbox', () => {
    const changes = {
      paths: {
        '/builds/changes': {
          get: {
            parameters: [
              {
                name: 'from',
                in: 'query',
                required: true,
                description: 'The earlier build.',
                schema: { type: 'string', pattern: '^x$' },
              },
              { name: 'size', in: 'query', required: false, schema: { type: 'number', maximum: 1000 } },
              { name: 'API-Key', in: 'header', required: true, schema: { type: 'string' } },
            ],
            responses: listing.paths['/builds'].get!.responses,
          },
        },
      },
      components: document.components,
    } as unknown as OpenAPIObject;
    const tool = toolDefinition(TOOL_BY_NAME.get('list_build_changes')!, changes);
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        from: { type: 'string', pattern: '^x$', description: 'The earlier build.' },
        size: { type: 'number', maximum: 1000 },
        sandbox: expect.objectContaining({ type: 'boolean' }),
      },
      required: ['from'],
    });
  });
});
