// `npm run dev`: the API under `tsx watch` on API_PORT (3001) and the web app's Vite dev server on
// 3000 (apps/web/vite.config.ts). Vite proxies /api to API_PORT and the web app's server-side
// rendering calls it there directly (apps/web/app/lib/api-client.ts), so both get the same value.
// A script rather than `PORT=3001 …` in package.json, because that syntax does not work on Windows.
import concurrently from 'concurrently';

const apiPort = process.env.API_PORT ?? '3001';

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'npm run dev -w apps/api',
      prefixColor: 'blue',
      // Links the API writes (e-mails, sitemaps) point at the site people open: Vite's port.
      env: { PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
    },
    { name: 'web', command: 'npm run dev -w apps/web', prefixColor: 'magenta', env: { API_PORT: apiPort } },
  ],
  { killOthersOn: ['failure', 'success'] },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
