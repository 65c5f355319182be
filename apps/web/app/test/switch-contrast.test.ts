// @vitest-environment node
/**
 * WCAG 1.4.11: an off switch's track is what shows there is a control at all, so it needs 3:1
 * against the surfaces switches sit on, in both themes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const app = path.resolve(import.meta.dirname, '..');
const css = readFileSync(path.join(app, 'app.css'), 'utf8');

function tokens(selector: string): Record<string, string> {
  const block = css.match(new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm'))?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/--k-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('switch tracks', () => {
  it.each([':root', '.dark'])('the off track has 3:1 against page, surface and surface-2 (%s)', (selector) => {
    const t = tokens(selector);
    for (const background of ['page', 'surface', 'surface-2']) {
      expect(contrast(t['switch-off']!, t[background]!), `switch-off on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('every switch uses that track when off', () => {
    const switches = sources(app).filter((file) => /Switch\.Root|role="switch"/.test(readFileSync(file, 'utf8')));
    expect(switches.length).toBeGreaterThan(0);
    for (const file of switches) {
      const text = readFileSync(file, 'utf8');
      expect(text, path.relative(app, file)).toContain('bg-switch-off');
      expect(text, path.relative(app, file)).not.toMatch(/rounded-full bg-(line|muted\/)|: 'bg-line'/);
    }
  });
});
