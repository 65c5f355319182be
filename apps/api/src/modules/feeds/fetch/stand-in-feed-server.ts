import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** For tests only: a local HTTP server on 127.0.0.1 standing in for a store's feed server. */
export interface StandInFeedServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Every request received, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** Answers `path` with `handler` (replacing an earlier one); other paths get 404. */
  route(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

export async function startStandInFeedServer(): Promise<StandInFeedServer> {
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const requests: StandInFeedServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
