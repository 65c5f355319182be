/**
 * zod as the browser bundle sees it (vite.config.ts resolves every client import of 'zod' here).
 *
 * zod compiles object parsers with `new Function` unless `jitless` is set, and it probes whether
 * that is allowed when an object schema is created. The Content-Security-Policy forbids eval,
 * so the probe fails quietly but Chromium reports a CSP violation (Lighthouse
 * `inspector-issues`). The setting must be in place before the contract modules create their
 * schemas, hence this module: its first import sets it. The server keeps the faster compiled
 * parsers (this applies to the client build only).
 */
import './jitless';

export * from 'zod';
export { z, default } from 'zod';
