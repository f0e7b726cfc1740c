/**
 * A small HTTP server for tests: routes by method and path, on 127.0.0.1 and a free port, recording every request.
 * The provider fakes of this package are built on it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a route sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** the raw body ('' for none) */
  body: string;
}

/** What a route answers: JSON (status 200 unless given), or a redirect. */
export type FakeReply = { status?: number; json: unknown } | { redirect: string };

export type FakeRoute = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  /** http://127.0.0.1:port */
  url: string;
  requests: FakeRequest[];
  stop(): Promise<void>;
}

/**
 * Starts a server answering `routes` (keys `'GET /path'`); anything else gets a 404 JSON answer.
 * A route that throws answers 500.
 */
export async function startFakeServer(routes: Record<string, FakeRoute>): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      Promise.resolve(route ? route(request) : { status: 404, json: { error: 'not_found' } })
        .then((reply) => {
          if ('redirect' in reply) {
            res.writeHead(302, { location: reply.redirect }).end();
            return;
          }
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.json));
        })
        .catch((err: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A redirect back to the client with query parameters added. */
export function redirectBack(redirectUri: string, params: Record<string, string>): FakeReply {
  const to = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
  return { redirect: to.href };
}
