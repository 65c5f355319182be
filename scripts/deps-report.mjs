#!/usr/bin/env node
// Lists the direct dependencies that have a newer release (npm outdated), with the release dates
// of the installed and the latest version, and for a major version held back the reason written
// in docs/dependencies.md. Information only: it never fails (CI prints it; the registry's advisory
// endpoint is not reachable here, so staying current is how we keep up with fixes).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function npmJson(args) {
  try {
    const { stdout } = await run('npm', args, { cwd: root, maxBuffer: 32 * 1024 * 1024, timeout: 60_000 });
    return stdout.trim() ? JSON.parse(stdout) : {};
  } catch (error) {
    // `npm outdated` exits 1 when something is outdated; its JSON is still on stdout.
    if (error.stdout?.trim()) return JSON.parse(error.stdout);
    throw error;
  }
}

/** `- name: reason` lines under "## Held back" in docs/dependencies.md. */
function writtenReasons() {
  const text = readFileSync(path.join(root, 'docs', 'dependencies.md'), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Held back')) ?? '';
  const reasons = new Map();
  // One list item per dependency; its text may wrap onto indented lines.
  for (const item of section.split(/^- /m).slice(1)) {
    const match = /^`([^`]+)`[^:]*: ([\s\S]+)$/.exec(item.trim());
    if (match) reasons.set(match[1], match[2].replace(/\s+/g, ' '));
  }
  return reasons;
}

const major = (version) => Number(String(version).split('.')[0]);
const day = (iso) => (iso ? iso.slice(0, 10) : '?');

async function main() {
  let outdated;
  try {
    outdated = await npmJson(['outdated', '--json']);
  } catch (error) {
    console.log(`dependencies: the registry did not answer (${error.message.split('\n')[0]}); nothing to report`);
    return;
  }
  const reasons = writtenReasons();
  const rows = [];
  for (const [name, entry] of Object.entries(outdated)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    const where = (Array.isArray(entry) ? entry : [entry]).map((e) => e.dependent).join(', ');
    let times = {};
    try {
      times = await npmJson(['view', name, 'time', '--json']);
    } catch {
      // dates stay unknown
    }
    const heldMajor = major(first.latest) > major(first.current);
    rows.push({
      name,
      current: `${first.current} (${day(times[first.current])})`,
      latest: `${first.latest} (${day(times[first.latest])})`,
      where,
      note: reasons.get(name)
        ? `held back: ${reasons.get(name)}`
        : heldMajor
          ? 'MAJOR HELD BACK WITHOUT A WRITTEN REASON'
          : 'minor/patch: take it',
    });
  }
  if (rows.length === 0) {
    console.log('dependencies: every direct dependency is at its latest release');
    return;
  }
  console.log(`dependencies: ${rows.length} direct dependencies have a newer release`);
  for (const r of rows) console.log(`  ${r.name}  ${r.current} → ${r.latest}  [${r.where}]  ${r.note}`);
  const missing = rows.filter((r) => r.note.startsWith('MAJOR'));
  if (missing.length)
    console.log(`dependencies: ${missing.length} held-back major version(s) need a reason in docs/dependencies.md`);
}

main().catch((error) => {
  console.log(`dependencies: report failed (${error.message}); information only`);
});
