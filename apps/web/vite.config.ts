import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs separately (tsx watch on API_PORT); Vite proxies /api to it.
const apiPort = process.env.API_PORT ?? '3001';

const zodForBrowser = path.resolve(import.meta.dirname, 'app/lib/zod/browser.ts');
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..');

/**
 * Module substitutions in the browser build only (the server shares zod and React Router with
 * the API process and keeps them as they are):
 * - zod goes through app/lib/zod/browser.ts, which turns off its `new Function` probe (CSP);
 * - React Router's export map offers only its development build, whose extra code is warnings
 *   for developers; the browser gets the production build of the same version.
 */
function browserModules(): Plugin {
  const substitutes: Record<string, string> = {
    zod: zodForBrowser,
    'react-router': path.join(reactRouterDist, 'production', 'index.mjs'),
    'react-router/dom': path.join(reactRouterDist, 'production', 'dom-export.mjs'),
  };
  return {
    name: 'kiyasla:browser-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (this.environment.name !== 'client' || importer === zodForBrowser) return null;
      return substitutes[source] ?? null;
    },
  };
}

const appDir = path.resolve(import.meta.dirname, 'app');
const reactDomMain = /[\\/]node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;

/**
 * Chunks of the browser build. Left to itself, the bundler makes one chunk per distinct set of
 * routes sharing some modules: 66-70 files per page, mostly lucide icons of a few hundred bytes,
 * and each file costs a round trip on a slow mobile network (Lighthouse simulates one, on an
 * HTTP/1.1 server with six connections). Everything the root and the site layout import
 * statically (React, React Router, TanStack Query, the header, footer and session code) is on
 * every page, so it becomes one `shell` chunk; the rest keeps the default splitting.
 */
interface ChunkGroup {
  name: string;
  kind: 'shell' | 'shared' | 'pages';
  /** How many of the public pages load it. */
  routes: number;
}

function clientChunks(): Plugin {
  const shellRoots = [path.join(appDir, 'root.tsx'), path.join(appDir, 'routes', 'site-layout.tsx')];
  const publicRoutes = ['home', 'category', 'product', 'search'];
  // The other pages a visitor opens without signing in. They are not grouped (each keeps its own
  // chunk), but what they share with the grouped pages goes to `shared-*` chunks, like what the
  // shell loads on demand: a help page with the home page's bell icon must not fetch the home
  // page's chunk and everything that chunk imports.
  const otherPublicRoutes = [
    'help',
    'contact',
    'privacy',
    'privacy-policy',
    'terms',
    'cookies',
    'login',
    'register',
    'forgot-password',
    'reset-password',
    'verify-email',
    'comparison',
    'stores',
    'premium-plans',
    'premium',
    'not-found',
  ];
  let groupOf: Map<string, ChunkGroup> | null = null;

  function closure(
    roots: string[],
    getModuleInfo: (id: string) => ModuleInfo | null,
    { dynamic = false } = {},
  ): Set<string> {
    const found = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      const info = getModuleInfo(id);
      if (!info) continue;
      for (const imported of info.importedIds) queue.push(...followImport(info, imported, getModuleInfo));
      if (dynamic) queue.push(...info.dynamicallyImportedIds);
    }
    return found;
  }

  function assignGroups(getModuleInfo: (id: string) => ModuleInfo | null) {
    const groups = new Map<string, ChunkGroup>();
    const shell = closure(shellRoots, getModuleInfo);
    for (const id of shell) groups.set(id, { name: 'shell', kind: 'shell', routes: publicRoutes.length });
    // What the shell may load on demand (search box and its dropdown, footer, toasts...).
    const shellLazy = closure(
      [...shell].flatMap((id) => getModuleInfo(id)?.dynamicallyImportedIds ?? []),
      getModuleInfo,
      { dynamic: true },
    );
    const otherPages = closure(
      otherPublicRoutes.map((route) => path.join(appDir, 'routes', `${route}.tsx`)),
      getModuleInfo,
    );
    const reachedBy = new Map<string, string[]>();
    for (const route of publicRoutes) {
      const routeFile = path.join(appDir, 'routes', `${route}.tsx`);
      for (const id of closure([routeFile], getModuleInfo)) {
        if (shell.has(id) || id === routeFile) continue;
        reachedBy.set(id, [...(reachedBy.get(id) ?? []), route]);
      }
    }
    for (const [id, routes] of reachedBy) {
      // Every grouped page downloads it anyway: one file less for each of them, and no page
      // chunk for the other pages to fetch when they use it.
      if (routes.length === publicRoutes.length) {
        groups.set(id, { name: 'shell', kind: 'shell', routes: publicRoutes.length });
        continue;
      }
      // Shared by pages and what the shell loads on demand (or another public page): chunks of
      // their own, or every page would fetch a page's chunk along with the search box.
      const kind = shellLazy.has(id) || otherPages.has(id) ? 'shared' : 'pages';
      groups.set(id, { name: `${kind}-${routes.join('-')}`, kind, routes: routes.length });
    }
    return groups;
  }

  const groupsOf = (ctx: ChunkingContext) => (groupOf ??= assignGroups((moduleId) => ctx.getModuleInfo(moduleId)));

  return {
    name: 'kiyasla:client-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          // Vite's helper that fetches a lazy chunk's imports alongside it costs every page
          // 1 KB; lazy chunks mostly import what the page has already loaded.
          modulePreload: false,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Dependencies follow the module that a group captures, so the widest groups come
                // first: a module's dependencies are reached by at least the routes reaching it.
                groups: [
                  { kind: 'shell', routes: publicRoutes.length, priority: 10 },
                  ...[4, 3, 2, 1].map((routes) => ({ kind: 'shared', routes, priority: 5 + routes })),
                  ...[4, 3, 2, 1].map((routes) => ({ kind: 'pages', routes, priority: routes })),
                ].map(({ kind, routes, priority }) => ({
                  name: (id: string, ctx: ChunkingContext) => {
                    // react-dom's small main module is shared by the shell and the client entry
                    // (react-dom/client); it would otherwise be a file of its own on every page.
                    if (kind === 'shell' && reactDomMain.test(id)) return 'shell';
                    const group = groupsOf(ctx).get(id);
                    return group?.kind === kind && group.routes === routes ? group.name : null;
                  },
                  priority,
                })),
              },
            },
          },
        },
      };
    },
  };
}

/**
 * Package indexes that only re-export (lucide-react: every icon; TanStack Query: every hook).
 * Following such an index would put everything it re-exports in the importer's chunk group, so
 * the walk follows only the modules behind the names the importer takes from it.
 */
const reexportIndexes = [
  { specifier: 'lucide-react', id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
  { specifier: '@tanstack/react-query', id: /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]index\.js$/ },
];

function followImport(
  importer: ModuleInfo,
  imported: string,
  getModuleInfo: (id: string) => ModuleInfo | null,
): string[] {
  const index = reexportIndexes.find((candidate) => candidate.id.test(imported));
  if (!index) return [imported];
  const names = namedImports(importer.code ?? '', index.specifier);
  const origins = reexportOrigins(imported, getModuleInfo);
  const files = names.map((name) => origins.get(name));
  // Anything unexpected (a namespace import, an unknown name): follow the whole index.
  return names.length > 0 && files.every(Boolean) ? (files as string[]) : [imported];
}

/** The names a module imports from `specifier` (`import { a, b as c } from 'specifier'`). */
function namedImports(code: string, specifier: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier.replace('/', '\\/')}["']`, 'g');
  for (const [, list] of code.matchAll(pattern)) {
    for (const part of list!.split(',')) {
      const specifierText = part.trim();
      if (!specifierText || specifierText.startsWith('type ')) continue;
      names.push(specifierText.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

const originsByIndex = new Map<string, Map<string, string>>();

/** For a re-exporting index: exported name → the module that defines it. */
function reexportOrigins(indexId: string, getModuleInfo: (id: string) => ModuleInfo | null): Map<string, string> {
  const known = originsByIndex.get(indexId);
  if (known) return known;
  const origins = new Map<string, string>();
  originsByIndex.set(indexId, origins);
  const code = readFileSync(indexId, 'utf8');
  const dir = path.dirname(indexId);
  const local = (file: string) => path.join(dir, file);
  // import { a, b as c } from "./x.js" (exported further down under the local names)
  for (const [, list, file] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    for (const part of list!.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) origins.set(alias ?? name, local(file!));
    }
  }
  // export { default as A, x as B } from './x.mjs'
  for (const [, list, file] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    for (const part of list!.split(',')) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1);
      if (exported) origins.set(exported, local(file!));
    }
  }
  // export { local as exported } (a rename at the end of the index)
  for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const part of list!.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      const origin = name ? origins.get(name) : undefined;
      if (alias && origin) origins.set(alias, origin);
    }
  }
  // export * from "package": its index, as the bundler resolved it.
  for (const [, pkg] of code.matchAll(/export\s*\*\s*from\s*["']([^."'][^"']*)["']/g)) {
    const target = getModuleInfo(indexId)?.importedIds.find((id) => id.includes(`${path.sep}${pkg}${path.sep}`));
    if (!target) continue;
    for (const [name, file] of reexportOrigins(target, getModuleInfo)) if (!origins.has(name)) origins.set(name, file);
  }
  return origins;
}

export default defineConfig({
  plugins: [browserModules(), clientChunks(), tailwindcss(), reactRouter()],
  // `~/` mirrors the tsconfig path alias (vite-tsconfig-paths is not a dependency).
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  // The dev server serves react-router unbundled (its plugin keeps it out of the optimizer), so
  // its CommonJS dependencies must be pre-bundled by name, or the browser cannot import them
  // ("cookie does not provide an export named 'parse'") and no page hydrates under `npm run dev`.
  optimizeDeps: { include: ['react-router > cookie', 'react-router > set-cookie-parser'] },
  server: {
    // The README's address. If it is taken, fail rather than move on to the next port: the API's.
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
    },
  },
});
