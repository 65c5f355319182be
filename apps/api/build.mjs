// Bundles the API into dist/server.js. Workspace packages (TypeScript sources) are inlined;
// everything from node_modules stays external and is resolved at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@kiyasla/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
