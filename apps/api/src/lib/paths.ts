import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The monorepo root: the nearest ancestor of this module whose package.json declares
 * workspaces. Walking up (instead of a fixed '../../..') works from src/ under tsx and vitest
 * and from the esbuild bundle in dist/. Outside a checkout (no such ancestor) it is the
 * working directory.
 */
export function repoRoot(fromUrl: string | URL = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && isWorkspaceRoot(manifest)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
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
