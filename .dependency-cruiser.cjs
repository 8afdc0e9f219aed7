/**
 * Import cycles, type-only ones included (`tsPreCompilationDeps`): a cycle means two modules are one
 * concept split in two, or one of them holds something that belongs in a third. The other boundaries
 * (pure libraries, libs never import apps, no app imports another) are ESLint rules: eslint.config.mjs.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Move what both sides need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.stack)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
