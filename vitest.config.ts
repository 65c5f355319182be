import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  test: {
    // Two workers fit the 2-core machines; each API test file gets its own database copy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'bench',
          environment: 'node',
          include: ['bench/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias: { '~': path.resolve(import.meta.dirname, 'apps/web/app') } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/app/test/setup.ts'],
          // Above the condition waits of the set-up (10 s), so a wait that runs out fails as itself.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
