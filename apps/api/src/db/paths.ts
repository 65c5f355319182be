import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The monorepo root: the nearest ancestor of `fromUrl` whose package.json declares workspaces.
 * Walking up (instead of a fixed '../../..') works from src/ under tsx and from the bundled dist/.
 */
export function findRepoRoot(fromUrl: string | URL = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && isWorkspaceRoot(manifest)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`Depo kök dizini bulunamadı (${fileURLToPath(fromUrl)} üstünde workspaces yok).`);
    dir = parent;
  }
}

function isWorkspaceRoot(manifestPath: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { workspaces?: unknown };
    return Array.isArray(manifest.workspaces);
  } catch {
    return false;
  }
}

/** DATA_DIR when set (relative paths are taken from the repo root, not the cwd), else <root>/data. */
export function resolveDataDir(dataDirEnv: string | undefined, repoRoot: string = findRepoRoot()): string {
  if (!dataDirEnv) return path.join(repoRoot, 'data');
  return path.isAbsolute(dataDirEnv) ? dataDirEnv : path.resolve(repoRoot, dataDirEnv);
}

/** Where the embedded PGlite engine keeps its files inside DATA_DIR (the server uses the same). */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
