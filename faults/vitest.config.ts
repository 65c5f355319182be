import { defineConfig } from 'vitest/config';

// Fault injection (issue 17): a real PostgreSQL 15 cluster, the server as a child process and
// local stand-ins, all on 127.0.0.1. One file at a time; each test bounds its own waits.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['faults/**/*.fault.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
