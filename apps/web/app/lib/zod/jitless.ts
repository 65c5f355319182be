import { config } from 'zod/v4/core';

// See ./browser.ts: must run before any schema is created.
config({ jitless: true });
