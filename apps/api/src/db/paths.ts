import path from 'node:path';

/** Where the embedded PGlite engine keeps its files inside DATA_DIR (the server and the CLIs). */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
