// A small ESLint rule for the import boundaries of CONVENTIONS.md and ADR 012 (the layers of
// the web app). It resolves each import ('~/…' alias or relative path) to a file path and refuses
// imports against the layer order, sideways imports between entities or between features, and
// imports across the apps. (eslint-plugin-import-x does the same, but its native resolver's
// optional platform packages break `npm ci` with the npm version on these machines.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webApp = path.join(root, 'apps/web/app');

/**
 * The layers of the web app, lowest first (ADR 012). A module imports from its own layer and the
 * layers below it, never from a layer above.
 */
export const WEB_LAYERS = ['lib', 'components/ui', 'entities', 'features', 'routes'];

/**
 * Sideways imports between entities (ADR 012 keeps the same list with the same reasons):
 * importing entity → the entities it may import, and why. Any other pair is refused.
 */
export const ENTITY_ALLOW_LIST = {
  account: {
    session:
      "account data belongs to the signed-in user: its query keys hang under the session's, and a profile change or the account's deletion updates the session",
  },
  favorites: {
    session: "favorites are the signed-in user's; a visitor's click on a heart is asked to sign in",
  },
  'price-alerts': {
    session: "alerts are the signed-in user's, and only a non-free plan checks a product's alert",
  },
  notifications: {
    session: "notifications and the header counts are the signed-in user's",
  },
  product: {
    favorites: 'a product card carries the favorite heart',
    'price-alerts': 'a product card carries the price-alert button (non-free plans)',
    'comparison-list': 'a product card carries the compare toggle',
  },
  listing: {
    product: 'a listing is a grid or table of product cards',
    'comparison-list': "the compact table's rows carry the compare toggle",
    session: 'the premium advanced filters are usable by a premium member only (ADR 019)',
    promotions: 'a listing shows the house-ad slot above its results',
  },
  promotions: {
    session: 'the house-ad slot is left out for premium members (ad-free)',
  },
};

/** Files at the top of apps/web/app that belong to the routes layer (they compose the pages). */
const APP_ENTRY_FILES = new Set(['root.tsx', 'routes.ts', 'entry.client.tsx', 'entry.server.tsx']);

function resolveImport(spec, file) {
  if (spec.startsWith('~/')) return path.join(webApp, spec.slice(2));
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  return null;
}

const inside = (p, dir) => p === dir || p.startsWith(dir + path.sep);

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || inside(file, path.join(webApp, 'test'));

/**
 * Where a path of the web app sits: its layer and, for entities and features, which one.
 * `layer` is null for what is not a layer (the test helpers, stray folders, assets).
 */
export function webArea(p) {
  if (!inside(p, webApp) || p === webApp) return null;
  const [top, second] = path.relative(webApp, p).split(path.sep);
  if (top === 'lib') return { layer: 'lib' };
  if (top === 'components') return second === 'ui' ? { layer: 'components/ui' } : { layer: null, stray: 'components' };
  if (top === 'entities' || top === 'features') return { layer: top, unit: second ?? '' };
  if (top === 'routes' || APP_ENTRY_FILES.has(top)) return { layer: 'routes' };
  if (top === 'test') return { layer: null, test: true };
  return { layer: null };
}

const rank = (layer) => WEB_LAYERS.indexOf(layer);

/** Why importing `target` from `file` breaks the web app's layering, or null. */
function webViolation(file, target) {
  const from = webArea(file);
  const to = webArea(target);
  if (!from || !to) return null;
  if (to.test && !isTest(file)) return 'Only tests import the test helpers (app/test).';
  // Tests are not shipped: an entity's test may render the header to see its count follow.
  if (isTest(file) || !from.layer || !to.layer) return null;
  if (rank(to.layer) > rank(from.layer)) {
    return `${from.layer} must not import ${to.layer}: imports flow lib → components/ui → entities → features → routes (ADR 012).`;
  }
  if (from.layer === 'entities' && to.layer === 'entities' && from.unit !== to.unit) {
    if (ENTITY_ALLOW_LIST[from.unit]?.[to.unit]) return null;
    return `The ${from.unit} entity must not import the ${to.unit} entity: sideways imports between entities only as ADR 012's allow-list says; compose them in a feature.`;
  }
  if (from.layer === 'features' && to.layer === 'features' && from.unit !== to.unit) {
    return 'A feature never imports another feature; compose them in a route module.';
  }
  return null;
}

function violation(file, target) {
  const rel = (p) => path.join(root, p);
  const web = webViolation(file, target);
  if (web) return web;
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
      Program(node) {
        // Only components/ui lives in components/: what composes entities is a feature.
        if (webArea(file)?.stray) {
          context.report({
            node,
            message:
              'components/ holds only ui/ (shared primitives); domain code goes to entities/, flows to features/ (ADR 012).',
          });
        }
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
