// @ts-check
/**
 * The layout rules of ARCHITECTURE section 2 as one small ESLint rule:
 * - a web feature (apps/web/src/features/<name>) imports no other feature;
 * - features, lib, components and config never import from apps/web/src/app;
 * - a server module (apps/server/src/modules/<name>) uses another module only through its public
 *   entry, modules/<name>/index.ts (dependency-cruiser checks the same, and that modules form no cycle);
 * - server platform/ never imports a module.
 * Written here because the usual plugins need a native resolver whose bindings the package
 * registry of our CI does not carry, which breaks `npm ci`.
 */
import path from 'node:path';

const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';

/**
 * Path relative to the repo root, with forward slashes.
 * @param {string} root
 * @param {string} file
 */
const rel = (root, file) => path.relative(root, file).split(path.sep).join('/');

/**
 * @param {string} p
 * @returns {{ kind: string, name?: string }}
 */
function area(p) {
  let m = p.match(/^apps\/web\/src\/features\/([^/]+)\//);
  if (m) return { kind: 'web-feature', name: m[1] };
  if (p.startsWith(`${WEB}app/`)) return { kind: 'web-app' };
  if (/^apps\/web\/src\/(lib|components|config)\//.test(p)) return { kind: 'web-shared' };
  m = p.match(/^apps\/server\/src\/modules\/([^/]+)(\/|$)/);
  if (m) return { kind: 'server-module', name: m[1] };
  if (p.startsWith(`${SERVER}platform/`)) return { kind: 'server-platform' };
  return { kind: 'other' };
}

/**
 * The message for importing `to` from `from`, or null when it is allowed.
 * @param {string} from
 * @param {string} to
 * @returns {string | null}
 */
export function layoutViolation(from, to) {
  const a = area(from);
  const b = area(to);
  if (a.kind === 'web-feature' && b.kind === 'web-feature' && a.name !== b.name) {
    return 'Features do not import each other; compose them in app/.';
  }
  if ((a.kind === 'web-feature' || a.kind === 'web-shared') && b.kind === 'web-app') {
    return 'app/ composes features; features and shared code never import from it.';
  }
  if (
    a.kind === 'server-module' &&
    b.kind === 'server-module' &&
    a.name !== b.name &&
    // A test composes what it needs, as the test harness does.
    !/\.test\.ts$/.test(from) &&
    !/^apps\/server\/src\/modules\/[^/]+(\/index(\.ts)?)?$/.test(to)
  ) {
    return 'A module uses another module only through its public entry (index.ts).';
  }
  if (a.kind === 'server-platform' && b.kind === 'server-module') {
    return 'Platform plugins must not depend on domain modules.';
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Keep the layout of ARCHITECTURE section 2.' } },
  create(context) {
    const root = context.cwd;
    const from = rel(root, context.filename);
    /**
     * @param {import('estree').Node} node
     * @param {unknown} source
     */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = rel(root, path.resolve(path.dirname(context.filename), source));
      const message = layoutViolation(from, to);
      if (message) context.report({ node, message: `${message} (${source})` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => {
        if (node.source) check(node, node.source.value);
      },
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

export default { rules: { layout: rule } };
