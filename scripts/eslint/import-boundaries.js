// A small ESLint rule for the import boundaries of CONVENTIONS.md. It resolves each import
// ('~/…' alias or relative path) to a file path and refuses imports from a forbidden zone.
// (eslint-plugin-import-x does the same, but its native resolver's optional platform
// packages break `npm ci` with the npm version on these machines.)
import path from 'node:path';

const root = process.cwd();
const webApp = path.join(root, 'apps/web/app');

function resolveImport(spec, file) {
  if (spec.startsWith('~/')) return path.join(webApp, spec.slice(2));
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  return null;
}

const inside = (p, dir) => p === dir || p.startsWith(dir + path.sep);

/** The zones: [importing file's area, imported area, message]; `except` names allowed sub-areas. */
function violation(file, target) {
  const rel = (p) => path.join(root, p);
  const features = rel('apps/web/app/features');
  if (
    (inside(file, rel('apps/web/app/components')) || inside(file, rel('apps/web/app/lib'))) &&
    (inside(target, features) || inside(target, rel('apps/web/app/routes')))
  ) {
    return 'Shared code (components, lib) must not depend on features or routes.';
  }
  if (inside(file, features)) {
    if (inside(target, rel('apps/web/app/routes'))) return 'Features must not import route modules.';
    const own = path.relative(features, file).split(path.sep)[0];
    if (inside(target, features) && !inside(target, path.join(features, own))) {
      return 'A feature never imports another feature; compose them in a route module.';
    }
  }
  if (inside(file, rel('apps/web')) && inside(target, rel('apps/api'))) {
    return 'The web app talks to the API over HTTP only.';
  }
  if (inside(file, rel('apps/api')) && inside(target, rel('apps/web'))) return 'The API must not import web code.';
  if (inside(file, rel('packages/contracts')) && inside(target, rel('apps'))) {
    return 'Contracts are the shared base; they depend on nothing in apps/.';
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Enforce the import boundaries of the layout' } },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      const target = resolveImport(spec, file);
      if (!target) return;
      const message = violation(file, target);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
