/**
 * Test helpers of the chat-notice suites: a fake chat receiver on a local port (node:http) that records every
 * request and answers with a status the test chooses, and short calls to configure and switch on the
 * `notify_chat` plugin through the admin API. Used by chat-notice*.test.ts only.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, type TestSite } from '../../../test/dialects.js';

export const ADMIN_API = '/answer/admin/api';
export const SLUG = 'notify_chat';

/** One request the fake receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, any>;
}

/** A fake receiver: `status(request)` decides each answer (default 200; Discord's real one answers 204). */
export async function fakeReceiver(status: (r: Received) => number = () => 200): Promise<{ url: string; got: Received[]; setStatus(fn: (r: Received) => number): void; stop(): Promise<void> }> {
  const got: Received[] = [];
  let decide = status;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      let json: Record<string, any>;
      try {
        json = JSON.parse(body) as Record<string, any>;
      } catch {
        json = { unparsed: body };
      }
      const r = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, json };
      got.push(r);
      const code = decide(r);
      res.writeHead(code, { 'content-type': 'application/json' }).end(code >= 400 ? JSON.stringify({ errcode: 'M_UNKNOWN', error: 'receiver is down' }) : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    got,
    setStatus: (fn) => (decide = fn),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `cond` holds (polling every 25 ms). @throws after `ms` */
export async function until(cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every setting off or empty, so a test names only what it uses. */
const BLANK = { service: 'slack', webhook_url: '', matrix_homeserver: '', matrix_room_id: '', matrix_access_token: '', event_new_question: 'false', event_unanswered: 'false', unanswered_hours: '24', event_flagged: 'false', tags: '' };

/** PUT /admin/api/plugin/config of notify_chat with `fields` over BLANK; the answer as `call` gives it. */
export function saveConfig(site: TestSite, admin: string, fields: Record<string, string>) {
  return call(site.app, 'PUT', `${ADMIN_API}/plugin/config`, { token: admin, body: { plugin_slug_name: SLUG, config_fields: { ...BLANK, ...fields } } });
}

/** Saves `fields` (must succeed) and switches the plugin on. */
export async function configure(site: TestSite, admin: string, fields: Record<string, string>): Promise<void> {
  const r = await saveConfig(site, admin, fields);
  if (r.status !== 200) throw new Error(`config: ${r.status} ${JSON.stringify(r.body)}`);
  const on = await call(site.app, 'PUT', `${ADMIN_API}/plugin/status`, { token: admin, body: { plugin_slug_name: SLUG, enabled: true } });
  if (on.status !== 200) throw new Error(`enable: ${on.status} ${JSON.stringify(on.body)}`);
}

/** The plugin's row of GET /admin/api/plugins. */
export async function pluginItem(site: TestSite, admin: string): Promise<{ enabled: boolean; last_error: string; last_error_at: number; kinds: string[] }> {
  const list = (await call(site.app, 'GET', `${ADMIN_API}/plugins`, { token: admin })).body.data as { slug_name: string; enabled: boolean; last_error: string; last_error_at: number; kinds: string[] }[];
  return list.find((p) => p.slug_name === SLUG)!;
}

/** The outbox row of a notice by its key (`chat:notify_chat:<event>:<id>`), or undefined when never queued. */
export async function noticeRow(site: TestSite, event: string, objectId: string): Promise<{ status: number; attempts: number; last_error: string } | undefined> {
  const r = await site.app.quorum.database!.kysely.selectFrom('outbox').select(['status', 'attempts', 'last_error']).where('dedup_key', '=', `chat:${SLUG}:${event}:${objectId}`).executeTakeFirst();
  return r ? { status: Number(r.status), attempts: Number(r.attempts), last_error: r.last_error } : undefined;
}
