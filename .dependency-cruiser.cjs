/**
 * Import rules that need resolved paths, type-only imports included (`tsPreCompilationDeps`):
 * - no cycles: a cycle means two modules are one concept split in two, or one of them holds
 *   something that belongs in a third;
 * - no test code in production: fixtures and test helpers (libs/testing, a library's src/testing)
 *   are reachable from specs, test/ and bench/ only, whatever the import's spelling;
 * - the gateway's idempotency and access features never import each other: idempotency replays a
 *   billed answer, access decides who may ask; each depends on the shared pieces, not on the other;
 * - billing composes them one way: it imports access (who is charged) and idempotency (the key a
 *   charge marks), and neither imports billing.
 * - the client package (libs/client) imports nothing outside itself but openapi-fetch: it is
 *   published alone, so it cannot lean on the server's code or on Node's modules (it runs in browsers).
 * The other boundaries (pure libraries, libs never import apps, no app imports another) are ESLint
 * rules: eslint.config.mjs. test/boundaries.e2e-spec.ts proves each rule of both files.
 */
const TEST_CODE = '^libs/testing/|^libs/[^/]+/src/testing/';
const IDEMPOTENCY = '^apps/gateway/src/idempotency/';
const ACCESS = '^apps/gateway/src/access/';
const BILLING = '^apps/gateway/src/billing/';
const CLIENT = '^libs/client/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Move what both sides need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment:
        'Fixtures and test helpers are for specs, test/ and bench/: derive production data from the contracts ' +
        '(e.g. the field lists and PERSON_SUBFIELDS), never from @app/contracts/testing or @app/testing.',
      from: { path: '^(apps|libs)/', pathNot: [TEST_CODE, '\\.spec\\.ts$'] },
      to: { path: TEST_CODE },
    },
    {
      name: 'no-idempotency-to-access',
      severity: 'error',
      comment: 'idempotency/ and access/ are separate features: move what both need out of access/.',
      from: { path: IDEMPOTENCY },
      to: { path: ACCESS },
    },
    {
      name: 'no-access-to-idempotency',
      severity: 'error',
      comment: 'idempotency/ and access/ are separate features: move what both need out of idempotency/.',
      from: { path: ACCESS },
      to: { path: IDEMPOTENCY },
    },
    {
      name: 'billing-is-imported-one-way',
      severity: 'error',
      comment:
        'billing/ builds on access/ and idempotency/, never the reverse: provide what they need from billing ' +
        '(as IDEMPOTENCY_OWNER is) instead of importing it.',
      from: { path: [ACCESS, IDEMPOTENCY] },
      to: { path: BILLING },
    },
    {
      name: 'client-is-standalone',
      severity: 'error',
      comment:
        'libs/client is its own npm package with openapi-fetch as its only dependency: generate what it needs from ' +
        'docs/openapi.json (npm run client:generate) instead of importing the server, and use web APIs, not Node modules.',
      from: { path: `${CLIENT}src/`, pathNot: ['\\.spec\\.ts$', `${CLIENT}src/testing/`] },
      to: { pathNot: [CLIENT, '^node_modules/openapi-fetch/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.stack)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
