/**
 * Test support: a small local WeCom server (node:http on 127.0.0.1 and a free port) speaking the endpoints the
 * plugin calls, with the answers WeCom documents (README.md): gettoken, auth/getuserinfo, auth/getuserdetail,
 * user/get. It also plays the member's phone: `scan(qrUrl, userid)` does what the WeCom app does when a member
 * scans the QR code and allows the application — it issues a one-time login code and opens the QR URL's
 * `redirect_uri?code&state` (WeCom's browser following the authorization redirect).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A member of the fake company (user/get and getuserdetail fields). */
export interface FakeMember {
  userid: string;
  name: string;
  biz_mail?: string;
  email?: string;
  avatar?: string;
  /** 1 active (default), 2 disabled, 4 not activated, 5 left */
  status?: number;
}

export interface FakeWeCom {
  /** base URL to configure as the plugin's API base, e.g. http://127.0.0.1:41234 */
  url: string;
  corpId: string;
  agentId: string;
  secret: string;
  members: Map<string, FakeMember>;
  /** calls received, as `METHOD /path` (tests check what the plugin asked) */
  calls: string[];
  /** the next getuserinfo answers this error instead (e.g. `{errcode: 40029, errmsg: 'invalid code'}`), once */
  nextUserInfoError: { errcode: number; errmsg: string } | null;
  /** issues a login code for a member, as the WeCom app does after the member allowed the application */
  issueCode(userid: string): string;
  /**
   * The member scans the QR code: returns the callback URL (`redirect_uri?code&state`) the phone opens, and with
   * `open` true also requests it (no redirects followed) and returns the response status and Location.
   */
  scan(qrUrl: string, userid: string, open?: boolean): Promise<{ callback: string; status?: number; location?: string | null }>;
  stop(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  try {
    return JSON.parse(body || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Starts the fake WeCom server with one member, `zhangsan`, who has a company mailbox. */
export async function startFakeWeCom(opts: { corpId?: string; agentId?: string; secret?: string } = {}): Promise<FakeWeCom> {
  const token = `tok_${randomBytes(8).toString('hex')}`;
  const codes = new Map<string, string>();
  const tickets = new Map<string, string>();
  const fake = {
    url: '',
    corpId: opts.corpId ?? 'ww_test_corp',
    agentId: opts.agentId ?? '1000002',
    secret: opts.secret ?? 'test-secret',
    members: new Map<string, FakeMember>([['zhangsan', { userid: 'zhangsan', name: 'Zhang San', biz_mail: 'zhangsan@corp.example', avatar: '' }]]),
    calls: [] as string[],
    nextUserInfoError: null as { errcode: number; errmsg: string } | null,
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.calls.push(`${req.method} ${url.pathname}`);
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const q = url.searchParams;
    const authed = q.get('access_token') === token;
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== fake.corpId) return send({ errcode: 40013, errmsg: 'invalid corpid' });
      if (q.get('corpsecret') !== fake.secret) return send({ errcode: 40001, errmsg: 'invalid credential' });
      return send({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (!authed) return send({ errcode: 40014, errmsg: 'invalid access_token' });
    if (url.pathname === '/cgi-bin/auth/getuserinfo' && req.method === 'GET') {
      if (fake.nextUserInfoError) {
        const e = fake.nextUserInfoError;
        fake.nextUserInfoError = null;
        return send(e);
      }
      const userid = codes.get(q.get('code') ?? '');
      if (!userid) return send({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code')!);
      if (!fake.members.has(userid)) return send({ errcode: 0, errmsg: 'ok', openid: `o_${userid}`, external_userid: '' });
      const ticket = randomBytes(12).toString('hex');
      tickets.set(ticket, userid);
      return send({ errcode: 0, errmsg: 'ok', userid, user_ticket: ticket, expires_in: 1800 });
    }
    if (url.pathname === '/cgi-bin/auth/getuserdetail' && req.method === 'POST') {
      const body = await readJson(req);
      const userid = tickets.get(String(body.user_ticket ?? ''));
      const m = userid ? fake.members.get(userid) : undefined;
      if (!m) return send({ errcode: 40137, errmsg: 'invalid user_ticket' });
      return send({ errcode: 0, errmsg: 'ok', userid: m.userid, gender: '0', avatar: m.avatar ?? '', qr_code: '', mobile: '', email: m.email ?? '', biz_mail: m.biz_mail ?? '', address: '' });
    }
    if (url.pathname === '/cgi-bin/user/get' && req.method === 'GET') {
      const m = fake.members.get(q.get('userid') ?? '');
      if (!m) return send({ errcode: 60111, errmsg: 'userid not found' });
      return send({ errcode: 0, errmsg: 'ok', userid: m.userid, name: m.name, department: [1], position: '', status: m.status ?? 1, main_department: 1 });
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const issueCode = (userid: string) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, userid);
    return code;
  };
  return Object.assign(fake, {
    issueCode,
    async scan(qrUrl: string, userid: string, open = false) {
      const auth = new URL(qrUrl);
      if (auth.searchParams.get('appid') !== fake.corpId || auth.searchParams.get('agentid') !== fake.agentId) throw new Error(`QR URL names another application: ${qrUrl}`);
      const callback = new URL(auth.searchParams.get('redirect_uri') ?? '');
      callback.searchParams.set('code', issueCode(userid));
      callback.searchParams.set('state', auth.searchParams.get('state') ?? '');
      if (!open) return { callback: callback.toString() };
      const res = await fetch(callback, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) wxwork/4.1.0' } });
      return { callback: callback.toString(), status: res.status, location: res.headers.get('location') };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
