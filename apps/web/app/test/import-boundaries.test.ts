// @vitest-environment node
/**
 * The lint rule of the layers (scripts/eslint/import-boundaries.js, ADR 012), run on imports
 * written for the purpose: what it refuses and what it lets through. It lives here because the
 * web project is where vitest looks for tests of the web app's layout.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import boundaries, { ENTITY_ALLOW_LIST } from '../../../../scripts/eslint/import-boundaries.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const linter = new Linter({ configType: 'flat', cwd: root });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { kiyasla: boundaries },
    rules: { 'kiyasla/import-boundaries': 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
  },
];

/** The rule's messages for `code` written in `file` (a path from the repository root). */
function lint(file: string, code: string): string[] {
  return linter.verify(code, config, { filename: path.join(root, file) }).map((m) => m.message);
}

const web = (p: string) => `apps/web/app/${p}`;

describe('import boundaries: the layer order', () => {
  it.each([
    ['lib/format.ts', "import { x } from '~/entities/session/auth-context';", 'lib must not import entities'],
    ['lib/format.ts', "import { x } from '~/components/ui/tabs';", 'lib must not import components/ui'],
    [
      'components/ui/tabs.tsx',
      "import { x } from '~/entities/product/components/product-card';",
      'components/ui must not import entities',
    ],
    [
      'entities/product/components/product-card.tsx',
      "import { x } from '~/features/home/components/hero-banner';",
      'entities must not import features',
    ],
    [
      'entities/product/components/product-card.tsx',
      "import { x } from '../../../features/home/components/hero-banner';",
      'entities must not import features',
    ],
    [
      'entities/listing/components/pagination.tsx',
      "const m = import('~/features/search/search-params');",
      'entities must not import features',
    ],
    ['entities/category/utils/categories.ts', "export { x } from '~/routes/home';", 'entities must not import routes'],
    [
      'features/home/components/hero-banner.tsx',
      "import { x } from '~/routes/home';",
      'features must not import routes',
    ],
  ])('%s ↛ %s', (file, code, message) => {
    expect(lint(web(file), code)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['components/ui/tabs.tsx', "import { x } from '~/lib/format';"],
    ['entities/session/auth-context.tsx', "import { x } from '~/lib/api-client';"],
    ['entities/account/components/account-shell.tsx', "import { x } from '~/components/ui/tabs';"],
    [
      'features/profile/components/profile-page.tsx',
      "import { x } from '~/entities/account/api/get-account-overview';",
    ],
    ['features/profile/components/profile-page.tsx', "import { x } from '../utils/activity';"],
    ['routes/home.tsx', "import { x } from '~/features/home/components/hero-banner';"],
    ['root.tsx', "import { x } from '~/features/site-layout/components/logo';"],
  ])('%s may import %s', (file, code) => {
    expect(lint(web(file), code)).toEqual([]);
  });
});

describe('import boundaries: sideways', () => {
  it('refuses an entity importing an entity the allow-list does not name', () => {
    expect(
      lint(web('entities/session/auth-context.tsx'), "import { x } from '~/entities/account/api/query-keys';"),
    ).toEqual([expect.stringContaining('The session entity must not import the account entity')]);
    expect(
      lint(web('entities/category/utils/categories.ts'), "import { x } from '../../product/utils/product-href';"),
    ).toEqual([expect.stringContaining('The category entity must not import the product entity')]);
  });

  it('lets through the pairs of the allow-list', () => {
    for (const [from, targets] of Object.entries(ENTITY_ALLOW_LIST)) {
      for (const to of Object.keys(targets)) {
        expect(lint(web(`entities/${from}/x.ts`), `import { y } from '~/entities/${to}/y';`)).toEqual([]);
      }
    }
  });

  it('refuses a feature importing another feature, not its own modules', () => {
    expect(lint(web('features/search/components/x.tsx'), "import { y } from '~/features/home/y';")).toEqual([
      'A feature never imports another feature; compose them in a route module.',
    ]);
    expect(lint(web('features/search/components/x.tsx'), "import { y } from '../search-params';")).toEqual([]);
  });
});

describe('import boundaries: tests, strays and the apps', () => {
  it('keeps the test helpers for tests, and lets tests render any layer', () => {
    expect(lint(web('features/home/components/x.tsx'), "import { y } from '~/test/fixtures';")).toEqual([
      'Only tests import the test helpers (app/test).',
    ]);
    expect(lint(web('entities/favorites/components/x.test.tsx'), "import { y } from '~/test/fixtures';")).toEqual([]);
    expect(
      lint(
        web('entities/favorites/components/x.test.tsx'),
        "import { y } from '~/features/site-layout/components/header';",
      ),
    ).toEqual([]);
  });

  it('refuses modules in components/ outside ui/', () => {
    expect(lint(web('components/layout/header.tsx'), "import { y } from '~/lib/format';")).toEqual([
      expect.stringContaining('components/ holds only ui/'),
    ]);
  });

  it('keeps the web app and the API apart', () => {
    expect(lint(web('lib/x.ts'), "import { y } from '../../../api/src/app';")).toEqual([
      'The web app talks to the API over HTTP only.',
    ]);
  });
});

describe('ADR 012', () => {
  it('lists the same sideways imports as the rule', () => {
    const adr = readFileSync(path.join(root, 'docs/decisions/012-web-layers.md'), 'utf8');
    const section = adr.slice(adr.indexOf('### Sideways imports between entities'));
    const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| ---')));
    const pairs = [...table.matchAll(/^\|\s*`(\S+)`\s*\|\s*`(\S+)`\s*\|/gm)].map(([, from, to]) => `${from} → ${to}`);
    const rule = Object.entries(ENTITY_ALLOW_LIST).flatMap(([from, targets]) =>
      Object.keys(targets).map((to) => `${from} → ${to}`),
    );
    expect(pairs.sort()).toEqual(rule.sort());
  });
});
