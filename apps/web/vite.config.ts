import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// In development the API runs separately (tsx watch on API_PORT); Vite proxies /api to it.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // `~/` mirrors the tsconfig path alias (vite-tsconfig-paths is not a dependency).
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
    },
  },
});
