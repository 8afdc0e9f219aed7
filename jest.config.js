// Two projects: `unit` (pure specs beside the code, no services) and `e2e` (test/, real
// Postgres, NATS and OpenSearch brought up by `npm run stack:up`). SWC transpiles TypeScript
// with decorator metadata so Nest DI works; type checking is `npm run typecheck`.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
// Transitive dependencies that ship ES modules only; Node loads them with require(esm), Jest's
// CommonJS runtime needs them transpiled.
const ESM_ONLY = ['content-disposition'];
const swcJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const aliases = Object.fromEntries(
  [
    'contracts',
    'config',
    'server',
    'store',
    'search-index',
    'normalize',
    'sql',
    'matching',
    'shaping',
    'suggest',
    'cache',
    'discovery',
    'random',
    'job-input',
    'privacy',
    'webhooks',
    'client',
    'testing',
  ].map((lib) => [`^@app/${lib}$`, `<rootDir>/libs/${lib}/src`]),
);
// Test data kept out of the library's index, so production code cannot reach it.
aliases['^@app/contracts/testing$'] = '<rootDir>/libs/contracts/src/testing';
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swcJs },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: aliases,
  testEnvironment: 'node',
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/apps/**/*.spec.ts', '<rootDir>/libs/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
    },
  ],
  maxWorkers: 2,
  testTimeout: 60000,
};
