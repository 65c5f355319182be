import { afterAll, beforeAll } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process';

export type PrivateServer = Pick<ServerProcess, 'baseURL' | 'env'>;

/**
 * A server of the file's own, on a fresh embedded database with the demo seed, started before
 * its tests and stopped (its data removed) after them: for a file that changes demo data the
 * other files read from the shared server (global-setup.ts), whose order vitest does not fix.
 * Returns the running server (call it inside a test or hook). `env` adds to its environment.
 */
export function usePrivateServer(env: NodeJS.ProcessEnv = {}): () => PrivateServer {
  let running: ServerProcess | undefined;
  beforeAll(async () => {
    running = await startServerProcess('kiyasla-e2e-own', 110_000, env);
  });
  afterAll(async () => {
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error('The private server is not running: call it from a test, not at import time.');
    return running;
  };
}
