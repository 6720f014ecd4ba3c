// Lint's import resolver for the web app's alias: `@/x` is apps/web/src/x (as in the web's
// vite.config.ts and tsconfig.json `paths`); everything else goes to the usual node resolver.
// Without it the import rules (no-cycle, no-restricted-paths) would see no edge through `@/`.
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const webSrc = path.join(__dirname, '..', 'apps', 'web', 'src');

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) =>
  node.resolve(source.startsWith('@/') ? path.join(webSrc, source.slice(2)) : source, file, config);
