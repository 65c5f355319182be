// `npm start`: builds the web app and the API when a build is missing or older than the
// sources, then runs the single server process (API under /api + server-rendered web app).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = [path.join(root, 'apps/web/build/server/index.js'), path.join(root, 'apps/api/dist/server.js')];
const sources = ['apps/web/app', 'apps/web/public', 'apps/api/src', 'packages/contracts/src'].map((p) =>
  path.join(root, p),
);
const configFiles = ['apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'apps/api/build.mjs'].map((p) =>
  path.join(root, p),
);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
const changedAt = Math.max(...sources.map(newestMtime), ...configFiles.map(newestMtime));

if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'No build found: building Kıyasla…' : 'Sources changed since the last build: rebuilding…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
