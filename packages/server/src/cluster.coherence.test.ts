/**
 * Read-your-writes across processes (core/coherence.ts): `quorum run --workers 2` on SQLite, every request on a
 * new TCP connection (`agent: false`, so the primary hands consecutive requests to alternating workers). For each
 * write call, the read that shows it: the writer's very next read is never stale, over several repetitions; another
 * member sees it within the stated window (1 s). With Redis at 127.0.0.1:6379 (QUORUM_TEST_REDIS_URL) and
 * PostgreSQL (QUORUM_TEST_PG_URL or the suite's test database), the same for two nodes (two `quorum run --workers 1`
 * processes on one database), requests alternating between them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports.js';

const BIN = fileURLToPath(new URL('../bin/quorum.js', import.meta.url));
const V1 = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
/** Repetitions of each write/read pair. */
const REPEAT = 4;
/** The window stated for other members (docs/OPERATIONS.md). */
const WINDOW_MS = 1000;
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

interface Reply {
  status: number;
  body: { code?: number; data?: unknown; reason?: string } & Record<string, unknown>;
}

/** One request on a new TCP connection. */
function request(port: number, method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1', port, method, path: url, agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...(opts.token ? { authorization: opts.token } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Reply['body'];
          try {
            body = JSON.parse(text) as Reply['body'];
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function waitReady(port: number, child: ChildProcess, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await request(port, 'GET', '/readyz')).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`port ${port} was not ready in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Requests spread over the site's processes: round-robin over ports (nodes) or the one port (workers). */
class Site {
  private next = 0;
  constructor(private readonly ports: number[]) {}
  call(method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<Reply> {
    const port = this.ports[this.next++ % this.ports.length]!;
    return request(port, method, url, opts);
  }
  async ok(method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<Record<string, unknown>> {
    const r = await this.call(method, url, opts);
    if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body.data ?? {}) as Record<string, unknown>;
  }
}

const ADMIN = { email: 'boss@example.com', pass: 'boss-pass-1' };
const AUTO = { AUTO_INSTALL: 'true', ADMIN_NAME: 'boss', ADMIN_PASSWORD: ADMIN.pass, ADMIN_EMAIL: ADMIN.email, SITE_NAME: 'Coherent Site', SITE_URL: 'http://localhost' };

async function login(site: Site, email: string, pass: string): Promise<string> {
  const d = await site.ok('POST', `${V1}/user/login/email`, { body: { e_mail: email, pass } });
  return d.access_token as string;
}

/** One write/read pair: `write(i)` makes the i-th change, `read(token)` says whether a read shows it. */
interface Pair {
  name: string;
  write: (i: number) => Promise<void>;
  /** True when the read made with `token` shows the i-th write. */
  shows: (i: number, token: string) => Promise<boolean>;
  /** Token of the writer's reads, and of another member's. */
  writer: () => string;
  other?: () => string;
}

/** Stale reads by the writer (-1: the write failed), the longest another member waited, and a failure. */
interface Result {
  staleByWriter: number;
  otherMs: number;
  failed?: string;
}

/** Runs every pair REPEAT times; returns stale reads by the writer and the slowest time another member waited. */
async function runPairs(pairs: Pair[]): Promise<Record<string, Result>> {
  const out: Record<string, Result> = {};
  for (const p of pairs) {
    let stale = 0;
    let otherMs = 0;
    let failed = '';
    for (let i = 0; i < REPEAT && !failed; i++) {
      try {
        await p.write(i);
      } catch (err) {
        failed = (err as Error).message;
        break;
      }
      const at = Date.now();
      if (!(await p.shows(i, p.writer()))) stale++;
      if (p.other) {
        while (!(await p.shows(i, p.other()))) {
          if (Date.now() - at > 5 * WINDOW_MS) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        otherMs = Math.max(otherMs, Date.now() - at);
      }
    }
    out[p.name] = { staleByWriter: failed ? -1 : stale, otherMs, ...(failed ? { failed } : {}) };
  }
  return out;
}

/** The write/read pairs of the API, most important first (see the file header). */
async function pairsOf(site: Site): Promise<Pair[]> {
  const admin = await login(site, ADMIN.email, ADMIN.pass);
  const memberEmail = `member${Date.now()}@example.com`;
  await site.ok('POST', `${ADMIN_API}/user`, { token: admin, body: { display_name: 'Member One', email: memberEmail, password: 'member-pass-1' } });
  let memberPass = 'member-pass-1';
  let member = await login(site, memberEmail, memberPass);
  const me = await site.ok('GET', `${V1}/user/info`, { token: member });
  const memberId = me.id as string;
  const q = await site.ok('POST', `${V1}/question`, { token: admin, body: { title: 'How long should a sourdough starter rest?', content: 'My starter rises and falls within four hours at room temperature.', tags: [{ slug_name: 'sourdough' }] } });
  const qid = q.id as string;
  const info = (token: string) => site.ok('GET', `${V1}/question/info?id=${qid}`, { token });
  const tag = await site.ok('GET', `${V1}/tag?name=sourdough`, { token: admin });
  const answerIds: string[] = [];
  return [
    {
      name: 'profile bio (PUT /user/info -> GET /user/info)',
      writer: () => member,
      write: (i) => site.ok('PUT', `${V1}/user/info`, { token: member, body: { bio: `bio number ${i}` } }).then(() => undefined),
      shows: async (i, t) => (await site.ok('GET', `${V1}/user/info`, { token: t })).bio === `bio number ${i}`,
    },
    {
      name: 'profile name as others see it (PUT /user/info -> GET /question/info author of an answer)',
      writer: () => member,
      other: () => admin,
      write: async (i) => {
        if (!answerIds.length) {
          await site.ok('POST', `${V1}/answer`, { token: member, body: { question_id: qid, content: 'Let it rest until it doubles, then feed it again.' } });
          const page = (await site.ok('GET', `${V1}/answer/page?question_id=${qid}&page=1&page_size=10`, { token: member })) as { list?: Array<{ id: string }> };
          answerIds.push(page.list![0]!.id);
        }
        await site.ok('PUT', `${V1}/user/info`, { token: member, body: { display_name: `Member ${i}` } });
      },
      shows: async (i, t) => JSON.stringify(await site.ok('GET', `${V1}/answer/page?question_id=${qid}&page=1&page_size=10`, { token: t })).includes(`"Member ${i}"`),
    },
    {
      name: 'interface language (PUT /user/interface -> GET /user/info)',
      writer: () => member,
      write: (i) => site.ok('PUT', `${V1}/user/interface`, { token: member, body: { language: i % 2 ? 'en_US' : 'zh_CN' } }).then(() => undefined),
      shows: async (i, t) => (await site.ok('GET', `${V1}/user/info`, { token: t })).language === (i % 2 ? 'en_US' : 'zh_CN'),
    },
    {
      name: 'notification settings (PUT -> GET /user/notification/config)',
      writer: () => member,
      write: (i) => site.ok('PUT', `${V1}/user/notification/config`, { token: member, body: { inbox: { enable: i % 2 === 0 } } }).then(() => undefined),
      shows: async (i, t) => ((await site.ok('GET', `${V1}/user/notification/config`, { token: t })).inbox as { enable?: boolean } | undefined)?.enable === (i % 2 === 0),
    },
    {
      name: 'role (PUT /admin/api/user/role -> the member\'s GET /user/info)',
      writer: () => admin,
      other: () => member,
      write: (i) => site.ok('PUT', `${ADMIN_API}/user/role`, { token: admin, body: { user_id: memberId, role_id: i % 2 ? 1 : 3 } }).then(() => undefined),
      shows: async (i, t) => t === admin ? (await site.ok('GET', `${ADMIN_API}/user/info?user_id=${memberId}`, { token: admin })).role_id === (i % 2 ? 1 : 3) : (await site.ok('GET', `${V1}/user/info`, { token: t })).role_id === (i % 2 ? 1 : 3),
    },
    {
      name: 'site settings (PUT /admin/api/siteinfo/general -> GET /siteinfo)',
      writer: () => admin,
      other: () => member,
      write: (i) => site.ok('PUT', `${ADMIN_API}/siteinfo/general`, { token: admin, body: { name: `Coherent Site ${i}`, site_url: 'http://localhost', contact_email: 'boss@example.com' } }).then(() => undefined),
      shows: async (i, t) => ((await site.ok('GET', `${V1}/siteinfo`, { token: t })).general as { name: string }).name === `Coherent Site ${i}`,
    },
    {
      name: 'question edit (PUT /question -> GET /question/info)',
      writer: () => admin,
      other: () => member,
      write: (i) => site.ok('PUT', `${V1}/question`, { token: admin, body: { id: qid, title: `How long should a sourdough starter rest, take ${i}?`, content: 'My starter rises and falls within four hours at room temperature.', tags: [{ slug_name: 'sourdough' }], edit_summary: 'title' } }).then(() => undefined),
      shows: async (i, t) => (await info(t)).title === `How long should a sourdough starter rest, take ${i}?`,
    },
    {
      name: 'question add (POST /question -> GET /question/page)',
      writer: () => admin,
      other: () => member,
      write: (i) => site.ok('POST', `${V1}/question`, { token: admin, body: { title: `A new question about rye flour, number ${i}`, content: 'Does rye flour need a longer autolyse than wheat flour does?', tags: [{ slug_name: 'sourdough' }] } }).then(() => undefined),
      shows: async (i, t) => JSON.stringify(await site.ok('GET', `${V1}/question/page?page=1&page_size=20&order=newest`, { token: t })).includes(`rye flour, number ${i}`),
    },
    {
      name: 'answer add (POST /answer -> GET /answer/page)',
      writer: () => admin,
      other: () => member,
      write: async (i) => {
        const asked = await site.ok('POST', `${V1}/question`, { token: member, body: { title: `Which flour feeds a starter best, round ${i}?`, content: 'Comparing rye, whole wheat and white flour for feeding a starter.', tags: [{ slug_name: 'sourdough' }] } });
        answered = asked.id as string;
        await site.ok('POST', `${V1}/answer`, { token: admin, body: { question_id: answered, content: `Answer number ${i}: rye keeps it most active.` } });
      },
      shows: async (i, t) => JSON.stringify(await site.ok('GET', `${V1}/answer/page?question_id=${answered}&page=1&page_size=50`, { token: t })).includes(`Answer number ${i}:`),
    },
    {
      name: 'comment add (POST /comment -> GET /comment/page)',
      writer: () => member,
      other: () => admin,
      write: (i) => site.ok('POST', `${V1}/comment`, { token: member, body: { object_id: qid, original_text: `Comment number ${i} about the starter.` } }).then(() => undefined),
      shows: async (i, t) => JSON.stringify(await site.ok('GET', `${V1}/comment/page?object_id=${qid}&page=1&page_size=50`, { token: t })).includes(`Comment number ${i} about`),
    },
    {
      name: 'vote (POST /vote/up -> GET /question/info vote_count)',
      writer: () => admin,
      other: () => member,
      write: (i) => site.ok('POST', `${V1}/vote/up`, { token: admin, body: { object_id: answerIds[0], is_cancel: i % 2 === 1 } }).then(() => undefined),
      shows: async (i, t) => {
        const page = (await site.ok('GET', `${V1}/answer/page?question_id=${qid}&page=1&page_size=50`, { token: t })) as { list?: Array<{ id: string; vote_count: number }> };
        return page.list?.find((a) => a.id === answerIds[0])?.vote_count === (i % 2 === 1 ? 0 : 1);
      },
    },
    {
      name: 'follow (POST /follow -> GET /question/info is_followed)',
      writer: () => member,
      write: (i) => site.ok('POST', `${V1}/follow`, { token: member, body: { object_id: qid, is_cancel: i % 2 === 1 } }).then(() => undefined),
      shows: async (i, t) => (await info(t)).is_followed === (i % 2 === 0),
    },
    {
      name: 'bookmark (POST /collection/switch -> GET /question/info collected)',
      writer: () => member,
      write: (i) => site.ok('POST', `${V1}/collection/switch`, { token: member, body: { object_id: qid, bookmark: i % 2 === 0 } }).then(() => undefined),
      shows: async (i, t) => (await info(t)).collected === (i % 2 === 0),
    },
    {
      name: 'accept (POST /answer/acceptance -> GET /question/info accepted_answer_id)',
      writer: () => admin,
      other: () => member,
      write: (i) => site.ok('POST', `${V1}/answer/acceptance`, { token: admin, body: { question_id: qid, answer_id: i % 2 === 0 ? answerIds[0] : '' } }).then(() => undefined),
      shows: async (i, t) => ((await info(t)).accepted_answer_id || '0') === (i % 2 === 0 ? answerIds[0] : '0'),
    },
    {
      name: 'tag edit (PUT /tag -> GET /tag)',
      writer: () => admin,
      other: () => member,
      write: (i) => site.ok('PUT', `${V1}/tag`, { token: admin, body: { tag_id: tag.tag_id, slug_name: 'sourdough', display_name: `Sourdough ${i}`, original_text: `About sourdough, take ${i}.` } }).then(() => undefined),
      shows: async (i, t) => (await site.ok('GET', `${V1}/tag?name=sourdough`, { token: t })).display_name === `Sourdough ${i}`,
    },
    {
      name: 'password change ends other sessions (PUT /user/password -> GET /user/info with another session)',
      writer: () => member,
      write: async (i) => {
        const second = await login(site, memberEmail, memberPass);
        await site.ok('GET', `${V1}/user/info`, { token: second });
        otherSession = second;
        const pass = `member-pass-${i + 2}`;
        await site.ok('PUT', `${V1}/user/password`, { token: member, body: { old_pass: memberPass, pass } });
        memberPass = pass;
      },
      // An ended session reads as anonymous: /user/info answers 200 with no user.
      shows: async () => {
        const r = await site.call('GET', `${V1}/user/info`, { token: otherSession });
        return r.status === 401 || r.body.data === null;
      },
    },
    {
      name: 'suspension (PUT /admin/api/user/status -> the member\'s write refused)',
      writer: () => admin,
      write: async (i) => {
        if (i % 2 === 0) member = await login(site, memberEmail, memberPass);
        await site.ok('PUT', `${ADMIN_API}/user/status`, { token: admin, body: { user_id: memberId, status: i % 2 === 0 ? 'suspended' : 'normal', suspend_duration: 'forever' } });
      },
      shows: async (i) => {
        const r = await site.call('GET', `${V1}/user/info`, { token: member });
        return i % 2 === 0 ? r.status !== 200 || (r.body.data as { status?: string }).status === 'suspended' : r.status === 200 && (r.body.data as { status?: string }).status !== 'suspended';
      },
    },
  ];
}
let otherSession = '';
let answered = '';

function report(label: string, results: Record<string, Result>): void {
  console.log(`${label}\n${Object.entries(results).map(([k, v]) => v.failed ? `  ${k}: FAILED ${v.failed}` : `  ${k}: stale reads by the writer ${v.staleByWriter}/${REPEAT}, others within ${v.otherMs} ms`).join('\n')}`);
}

describe('read-your-writes across worker processes', () => {
  it('never serves the writer a read older than their write, on either worker; others within 1 s', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-coherence-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = spawn(process.execPath, [BIN, 'run', '--workers', '2'], {
      env: { ...process.env, ...AUTO, DB_TYPE: 'sqlite3', DB_FILE: 'site.db', QUORUM_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', QUORUM_RATE_LIMIT: 'off', QUORUM_REDIS_URL: '' },
      stdio: 'ignore',
    });
    children.push(server);
    await waitReady(port, server);
    for (let i = 0; i < 6; i++) await waitReady(port, server);
    const site = new Site([port]);
    const results = await runPairs(await pairsOf(site));
    report('two workers:', results);
    for (const [name, r] of Object.entries(results)) {
      expect(r.staleByWriter, name).toBe(0);
      expect(r.otherMs, name).toBeLessThan(WINDOW_MS);
    }
    server.kill('SIGTERM');
  }, 300_000);
});
