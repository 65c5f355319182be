/**
 * Marks the module preloads of a server-rendered page `fetchpriority="low"`.
 *
 * React Router lists every module a page hydrates with as `<link rel="modulepreload">` at the top
 * of <head>. At their default (high) priority the browser fetches ~150 KB of scripts alongside
 * the stylesheet and the main image, on a slow mobile connection ahead of them, although the
 * HTML is already the complete page: the scripts only make it interactive. At low priority they
 * are still requested at once (the files stay the same, so `bench/src/bundles.ts` counts them
 * all), but after what the first paint needs.
 *
 * Works on bytes (the pattern is ASCII, so a UTF-8 character split between chunks is never cut)
 * and only until `</head>`: the head is held back until it is complete (React writes it in one
 * go), the body passes through untouched.
 */
import { Transform } from 'node:stream';

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const HEAD_END = Buffer.from('</head>');

function withLowPriority(html: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(PRELOAD); at >= 0; at = html.indexOf(PRELOAD, from)) {
    parts.push(html.subarray(from, at), LOW_PRIORITY);
    from = at + PRELOAD.length;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

export function lowPriorityModulePreloads(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end < 0) return callback();
      const bodyStart = end + HEAD_END.length;
      const done = Buffer.concat([withLowPriority(head.subarray(0, bodyStart)), head.subarray(bodyStart)]);
      head = null;
      callback(null, done);
    },
    flush(callback) {
      callback(null, head && head.length > 0 ? withLowPriority(head) : undefined);
    },
  });
}
