/**
 * The floor of the product page's miss in Node (issue 16, `detail-floor` row): the least any Node
 * server must do for it on this machine. It answers `GET /p/<id>` with the API's own captured
 * statement (prepared, one round trip, the same pg driver), `JSON.stringify` of the row, and gzip
 * at the API's level and threshold, on a bare `node:http` server: no framework, routing, hooks,
 * headers, response shaping or logging. Its req/s ÷ the pgbench twin's tx/s is the ceiling of the
 * `cold-detail` row's ratio on the machine that measured both.
 *
 * Run as its own process by bench/src/run.ts: reads a FloorSpec from the JSON file named on the
 * command line, listens on a free loopback port and prints `{"port":N}` on stdout. The benchmark
 * ends it with SIGTERM, whose default ends the process and with it the pool's connections.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { COMPRESSION_THRESHOLD_BYTES, ZLIB_OPTIONS } from '../../apps/api/src/lib/prepared-reply';

export interface FloorSpec {
  databaseUrl: string;
  /** Connections of the pool: the API's default pool size would be idle beyond the load's connections. */
  connections: number;
  sql: string;
  params: unknown[];
  /** The parameter that carries the product id (the others are sent as captured). */
  idParam: number;
}

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as FloorSpec;
const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.connections });
const PATH = '/p/';

const server = http.createServer((req, res) => {
  const url = req.url ?? '';
  if (req.method !== 'GET' || !url.startsWith(PATH)) {
    res.writeHead(404).end();
    return;
  }
  const values = [...spec.params];
  values[spec.idParam] = url.slice(PATH.length);
  pool.query({ name: 'detail', text: spec.sql, values }).then(
    ({ rows }) => {
      if (!rows[0]) {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.from(JSON.stringify(rows[0]));
      const gzip = body.length >= COMPRESSION_THRESHOLD_BYTES && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(gzip ? gzipSync(body, ZLIB_OPTIONS) : body);
    },
    (err: unknown) => {
      res.writeHead(500).end(String(err));
    },
  );
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
