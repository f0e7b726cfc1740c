/**
 * The guarded fetch lent to login plugins (outbound.ts) answers like fetch: a form body with its content type, a
 * User-Agent when the plugin names none, gzip decoded, a GET's redirects followed, a POST's 3xx returned,
 * `redirect: 'manual'` and `'error'` as in fetch — and with the guard on, a loopback address, literal or by name,
 * is refused before a connection is made. A local server on 127.0.0.1, reached with the operator's opt-out on.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './outbound.js';

describe('the guarded fetch of login plugins', () => {
  let server: Server;
  let base = '';
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/moved') return res.writeHead(302, { location: '/json' }).end();
        if (req.url === '/gzip') return res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"packed":true}'));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    delete process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE;
    seen.length = 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends and answers like fetch', async () => {
    process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
    const posted = await guardedFetch(`${base}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }), headers: { accept: 'application/json' } });
    expect(posted.status).toBe(200);
    expect(posted.url).toBe(`${base}/token`);
    expect(await posted.json()).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: 'POST', body: 'grant_type=authorization_code&code=c' });
    expect(seen[0]!.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json', 'user-agent': 'Quorum (third-party login)' });

    expect(await (await guardedFetch(new URL(`${base}/gzip`))).json()).toEqual({ packed: true });
    const followed = await guardedFetch(`${base}/moved`);
    expect([followed.status, followed.url, followed.redirected]).toEqual([200, `${base}/json`, true]);
    expect((await guardedFetch(`${base}/moved`, { method: 'POST', body: 'x' })).status).toBe(302);
    expect((await guardedFetch(`${base}/moved`, { redirect: 'manual' })).headers.get('location')).toBe('/json');
    await expect(guardedFetch(`${base}/moved`, { redirect: 'error' })).rejects.toThrow(/answered a redirect \(302\)/);
  });

  it('refuses a loopback address, literal or by name, without connecting', async () => {
    await expect(guardedFetch(`${base}/json`)).rejects.toThrow('127.0.0.1 resolves to 127.0.0.1, a private or reserved address (set QUORUM_WEBHOOK_ALLOW_PRIVATE=on to allow)');
    await expect(guardedFetch(`${base.replace('127.0.0.1', 'localhost')}/json`)).rejects.toThrow(/^localhost resolves to (127\.0\.0\.1|::1), a private or reserved address/);
    await expect(guardedFetch('http://[::ffff:0:127.0.0.1]/json')).rejects.toThrow(/a private or reserved address/);
    await expect(guardedFetch('file:///etc/passwd')).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
  });
});
