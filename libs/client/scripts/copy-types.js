// tsc emits no .d.ts for a .d.ts source: the generated types go into dist beside the code that imports them.
const { cpSync } = require('node:fs');
const path = require('node:path');

const from = path.resolve(__dirname, '..', 'src', 'generated', 'openapi.d.ts');
cpSync(from, path.resolve(__dirname, '..', 'dist', 'generated', 'openapi.d.ts'));
