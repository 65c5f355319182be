import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './low-priority-preloads.server';

/** Streams `html` through the transform, cut at the given byte offsets. */
async function run(html: string, cuts: number[] = []): Promise<string> {
  const transform = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  transform.on('data', (chunk: Buffer) => out.push(chunk));
  const finished = new Promise((resolve) => transform.on('end', resolve));
  const bytes = Buffer.from(html);
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    transform.write(bytes.subarray(from, cut));
    from = cut;
  }
  transform.end();
  await finished;
  return Buffer.concat(out).toString('utf8');
}

const head =
  '<html><head><title>Kıyasla</title><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/app.css"/></head>';
const body = '<body><p>Şu <link rel="modulepreload" href="/x.js"/> kalır</p></body></html>';
const lowered = head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + body;

describe('lowPriorityModulePreloads', () => {
  it('lowers the priority of every module preload in <head> and leaves the body alone', async () => {
    expect(await run(head + body)).toBe(lowered);
  });

  it('finds tags split between chunks, and never cuts a UTF-8 character', async () => {
    const bytes = Buffer.from(head + body);
    const insideDotlessI = bytes.indexOf(Buffer.from('ı')) + 1;
    const insideFirstTag = bytes.indexOf(Buffer.from('modulepreload')) + 4;
    const insideHeadEnd = bytes.indexOf(Buffer.from('</head>')) + 3;
    expect(await run(head + body, [insideDotlessI, insideFirstTag, insideHeadEnd, insideHeadEnd + 20])).toBe(lowered);
  });

  it('passes a document without a head through at the end', async () => {
    expect(await run('<link rel="modulepreload" href="/a.js"/>')).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
    );
  });
});
