import tseslint from 'typescript-eslint';

/** Pure libraries (docs/architecture.md): no framework, no database, no network, no file system. */
const PURE_LIBS = [
  'contracts',
  'normalize',
  'sql',
  'matching',
  'shaping',
  'suggest',
  'cache',
  'discovery',
  'random',
  'job-input',
];
const IO_PACKAGES = [
  'typeorm',
  'pg',
  'pg-copy-streams',
  'nats',
  'ioredis',
  'fastify',
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'child_process',
  'node:child_process',
  '@app/store',
  '@app/server',
  '@app/config',
  '@app/search-index',
  '@app/testing',
];
const IO_SCOPES = ['@nestjs/*', '@opensearch-project/*', '@fastify/*'];
const PURE = 'a pure library imports no framework, database, network or file system';
const APPS = ['gateway', 'search', 'auth', 'cli'];
const CLIENT = "the client package depends on openapi-fetch alone, never on the server's code";
/** A relative import that leaves the app (or lib) for an app: `../../../search/src/…`, `apps/cli/…`. */
const appImport = (app) => [`**/apps/${app}/**`, `**/../${app}/src/**`];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.stack/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      // The client package's build, and what openapi-typescript writes (npm run client:generate).
      'libs/client/dist/**',
      'libs/client/src/generated/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Boundaries checked by the build: libs never import apps, pure libs no I/O (their specs may
  // read fixtures), no app imports another.
  {
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: APPS.flatMap(appImport), message: 'libs never import apps' }] },
      ],
    },
  },
  {
    files: PURE_LIBS.map((lib) => `libs/${lib}/src/**/*.ts`),
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: IO_PACKAGES.map((name) => ({ name, message: PURE })),
          patterns: [
            { group: APPS.flatMap(appImport), message: 'libs never import apps' },
            { group: IO_SCOPES, message: PURE },
          ],
        },
      ],
    },
  },
  // The client is a package of its own (libs/client/README.md): no @app alias, Nest or app import.
  // .dependency-cruiser.cjs checks every resolved import (relative paths, Node modules) as well.
  {
    files: ['libs/client/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/*', '@nestjs/*', ...APPS.flatMap(appImport)],
              message: CLIENT,
            },
          ],
        },
      ],
    },
  },
  ...APPS.map((app) => ({
    files: [`apps/${app}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: APPS.filter((other) => other !== app).flatMap(appImport),
              message: 'an app depends on libs, never on another app',
            },
          ],
        },
      ],
    },
  })),
);
