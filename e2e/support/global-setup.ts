import type { TestProject } from 'vitest/node';
import { startServerProcess } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the built server on a free port with a fresh embedded database (seeded demo data). */
export default async function setup(project: TestProject) {
  const server = await startServerProcess('kiyasla-e2e', 120_000);
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}
