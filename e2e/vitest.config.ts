import { defineConfig } from 'vitest/config';

// Browser journeys against the production build served by one server process.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A page draws what a click asked for after its address changes; on a busy machine that takes
    // over a second (measured: up to 1.6 s with the machine's two cores loaded). Polls wait up to
    // 10 s instead of Vitest's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
