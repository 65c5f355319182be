import path from 'node:path';
import { afterAll } from 'vitest';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { repoRoot } from '../lib/paths';
import { registerPages } from '../web/ssr';
import { useTestApp, type TestApp, type TestAppOptions } from './app';

/**
 * `useTestApp` with the web app's pages served as `npm start` serves them, compiled from their
 * sources by Vite (what `npm run build` would bundle): for tests of server-rendered pages, their
 * status codes, headers and HTML. The Vite servers are closed after the suite.
 */
export function useTestAppWithPages(options: TestAppOptions = {}): TestApp {
  const servers: ViteDevServer[] = [];
  const t = useTestApp({
    ...options,
    beforeReady: async (app) => {
      await options.beforeReady?.(app);
      const vite = await createServer({
        root: path.join(repoRoot(), 'apps', 'web'),
        configFile: path.join(repoRoot(), 'apps', 'web', 'vite.config.ts'),
        appType: 'custom',
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      servers.push(vite);
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      await registerPages(app, build, app.config.env);
    },
  });
  afterAll(() => Promise.all(servers.map((vite) => vite.close())));
  return t;
}
