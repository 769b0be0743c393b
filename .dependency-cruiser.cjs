// @ts-check
/**
 * The server's module boundaries, checked by `npm run check:deps` (part of `npm test`):
 * - modules depend one way: no cycle between two folders of apps/server/src/modules;
 * - a module uses another only through its public entry, modules/<name>/index.ts;
 * - platform/ and db/ are below every module and never import one (the demo seed, seed/, sits
 *   above the modules like app.ts and posts its demo money through their public entries);
 * - no import cycle between files at all (there is none inside a module today; keep it so).
 * Type-only imports count: a type import is a dependency of the design even if it is erased.
 * Tests are left out: the test harness composes modules and may reach what it needs.
 * The web app's feature boundaries stay with ESLint (tools/eslint-layout-rule.js).
 */
const MODULES = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'Two modules depend on each other (possibly through others). Modules depend one way: move ' +
        'the shared part down, or let the lower module declare a port the upper one fills.',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
    {
      name: 'no-module-internals',
      severity: 'error',
      comment:
        "A module uses another only through that module's public entry, modules/<name>/index.ts; " +
        'everything else in a module folder is its own business.',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'no-platform-to-module',
      severity: 'error',
      comment: 'platform/ and db/ sit below every module: they never import one.',
      from: { path: '^apps/server/src/(platform|db)/' },
      to: { path: MODULES },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle between files, inside a module or across: break it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file: a typo, or a dependency missing from package.json.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
