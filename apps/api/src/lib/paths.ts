import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found by walking up from this module until the workspace root
 * package.json appears. Works from src/ (tsx, vitest) and from the esbuild bundle in dist/.
 */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'apps'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}
