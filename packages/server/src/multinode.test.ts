/**
 * Three server processes (`quorum run`) on one PostgreSQL database and one Redis, requests spread round-robin
 * over them: a session made on node 1 works on node 3; a setting saved on node 2 shows on node 1 within 1 s; the
 * failed-login count that switches on the captcha counts across nodes; killing a node mid-load loses no
 * acknowledged write; the outbox sends each e-mail once. The same on MariaDB without Redis shows the documented
 * windows (docs/OPERATIONS.md): a setting shows within the 5 s settings cache; failed logins count across nodes
 * there too, in the database (QUORUM_NODES, core/counters.ts).
 * The nodes are stateless: each has its own empty data directory, no config file and no shared filesystem; they
 * are configured from the environment alone (AUTO_INSTALL=true with the DB_* variables joins the installed
 * database) and keep uploads in one S3 bucket (a local s3rver started here): an avatar uploaded on node 1 is
 * served by node 3.
 * Skips with a message when a database or Redis is not running, except with CI=true.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbType } from '@quorum/contract';
import { ADMIN, DIALECTS, installedSite, shouldRun, type TestSite } from '../test/dialects.js';
import { startMailbox, type Mailbox } from '../test/mailbox.js';
import { startLocalS3, type LocalS3 } from './core/storage/s3.testkit.js';
import { freePort } from '../test/ports.js';
import { BIN, redisReachable, TEST_REDIS_URL as REDIS_URL } from '../test/cluster.testkit.js';

const V1 = '/answer/api/v1';

interface Node {
  base: string;
  child: ChildProcess;
  dir: string;
  /** The last 8 KB the node wrote to stderr (errors only: LOG_LEVEL=error), for the message of a failed call. */
  stderr: string;
}

/** How a node stands, for an error message: running, or how it ended and its last error output. */
function nodeState(node: Node): string {
  const { exitCode, signalCode } = node.child;
  const state = exitCode === null && signalCode === null ? 'still running' : `exited (code ${exitCode}, signal ${signalCode})`;
  return `${node.base} ${state}; its stderr: ${node.stderr.trim() || '(empty)'}`;
}

async function waitReady(node: Node, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (node.child.exitCode !== null) throw new Error(`node ${nodeState(node)}`);
    try {
      if ((await fetch(`${node.base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${node.base} was not ready in ${ms} ms: ${nodeState(node)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One API call over HTTP; `ip` is sent as X-Forwarded-For (the nodes trust 127.0.0.1 as their proxy). */
async function api(node: Node, method: string, url: string, opts: { token?: string; body?: unknown; ip?: string } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = opts.token;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${node.base}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  } catch (err) {
    throw new Error(`${method} ${url}: ${(err as Error).message}; node ${nodeState(node)}`, { cause: err });
  }
  return { status: res.status, body: await res.json().catch(() => null) };
}

const SETUPS: Array<{ db: DbType; redis: boolean; title: string }> = [
  { db: 'postgres', redis: true, title: 'three nodes on PostgreSQL and Redis' },
  { db: 'mysql', redis: false, title: 'three nodes on MariaDB without Redis' },
];

// Engines outside QUORUM_TEST_DB are left out, like every database suite; narrowed to SQLite alone (the Node 24
// leg, a quick local run) there is nothing to run, which the suite says instead of failing as an empty file.
const SELECTED = SETUPS.filter((x) => DIALECTS.includes(x.db));
if (!SELECTED.length) describe('several nodes', () => {
  it('needs postgres or mysql in QUORUM_TEST_DB (the nodes share a server database)', () => {
    expect(SELECTED).toEqual([]);
  });
});

for (const { db, redis, title } of SELECTED) describe(title, () => {
  let site: TestSite | undefined;
  let box: Mailbox | undefined;
  let s3: LocalS3 | undefined;
  const nodes: Node[] = [];
  let token = '';

  beforeAll(async () => {
    if (!(await shouldRun(db)) || (redis && !(await redisReachable('the three-node test')))) return;
    // Installed once in this process; each node gets its own empty data directory and only environment variables:
    // the database (AUTO_INSTALL on it joins the site) and the S3 bucket.
    site = await installedSite(db);
    box = await startMailbox();
    s3 = await startLocalS3();
    const bucket = `nodes-${db}`;
    await s3.createBucket(bucket);
    const dbEnv = { AUTO_INSTALL: 'true', DB_TYPE: site.db.type, DB_HOST: site.db.host!, DB_USERNAME: site.db.user!, DB_NAME: site.db.name!, ADMIN_NAME: 'x', ADMIN_PASSWORD: 'x-pass-123', ADMIN_EMAIL: 'x@example.com' };
    await Promise.all(
      [0, 1, 2].map(async (i) => {
        const dir = mkdtempSync(path.join(os.tmpdir(), `quorum-node${i + 1}-`));
        const port = await freePort();
        const child = spawn(process.execPath, [BIN, 'run', '--workers', '1'], {
          env: {
            ...process.env, QUORUM_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', QUORUM_RATE_LIMIT: 'off',
            QUORUM_REDIS_URL: redis ? REDIS_URL : '', QUORUM_NODES: '3', QUORUM_TRUSTED_PROXIES: '127.0.0.1', ...dbEnv, ...s3!.env(bucket),
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        const node: Node = { base: `http://127.0.0.1:${port}`, child, dir, stderr: '' };
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
          node.stderr = (node.stderr + chunk).slice(-8192);
        });
        nodes[i] = node;
      }),
    );
    await Promise.all(nodes.map((n) => waitReady(n)));
  }, 150_000);

  afterAll(async () => {
    for (const n of nodes) if (n.child.exitCode === null) n.child.kill('SIGKILL');
    await box?.close();
    await s3?.close();
    await site?.close();
    for (const n of nodes) rmSync(n.dir, { recursive: true, force: true });
  });

  it('keeps a session made on node 1 valid on node 3', async (t) => {
    if (!site) return t.skip();
    const login = await api(nodes[0]!, 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: ADMIN.password }, ip: '10.1.0.1' });
    expect(login.status).toBe(200);
    token = login.body.data.access_token;
    const me = await api(nodes[2]!, 'GET', `${V1}/user/info`, { token });
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe(ADMIN.name);
  });

  it('serves on node 3 an avatar uploaded on node 1, from the shared bucket; no node wrote a config file or an upload', async (t) => {
    if (!site) return t.skip();
    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2255aa' } }).png().toBuffer();
    const form = new FormData();
    form.append('source', 'avatar');
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${nodes[0]!.base}${V1}/file`, { method: 'POST', headers: { authorization: token }, body: form });
    const body = (await res.json()) as { data: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const url = body.data;
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${nodes[2]!.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([200, 200]);
    for (const n of nodes) {
      expect(existsSync(path.join(n.dir, 'conf', 'config.yaml'))).toBe(false);
      expect(existsSync(path.join(n.dir, 'uploads')) ? readdirSync(path.join(n.dir, 'uploads')) : []).toEqual([]);
    }
  });

  it(redis ? 'shows a setting saved on node 2 on node 1 within 1 s' : 'shows a setting saved on node 2 on node 1 within the 5 s settings cache', async (t) => {
    if (!site) return t.skip();
    // Node 1 has the settings cached (its cache lives 5 s without Redis).
    expect((await api(nodes[0]!, 'GET', `${V1}/siteinfo`)).body.data.general.name).toBe('Test Site');
    const general = (await api(nodes[1]!, 'GET', '/answer/admin/api/siteinfo/general', { token })).body.data;
    const saved = await api(nodes[1]!, 'PUT', '/answer/admin/api/siteinfo/general', { token, body: { ...general, name: 'Renamed On Node Two' } });
    expect(saved.status).toBe(200);
    const from = Date.now();
    let name = '';
    while (Date.now() - from < (redis ? 1000 : 5500)) {
      name = (await api(nodes[0]!, 'GET', `${V1}/siteinfo`)).body.data.general.name;
      if (name === 'Renamed On Node Two') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(name).toBe('Renamed On Node Two');
  });

  it(`counts failed logins of one account across nodes (${redis ? 'in Redis' : 'in the database'}): the fourth attempt needs a captcha`, async (t) => {
    if (!site) return t.skip();
    const attempt = (i: number) => api(nodes[i % 3]!, 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: 'wrong-password' }, ip: `10.2.0.${i + 1}` });
    // Three failures, one per node and each from its own address: only the account's count can reach the limit.
    for (let i = 0; i < 3; i++) {
      const r = await attempt(i);
      expect(r.status).toBe(400);
      expect(r.body.data[0].error_field).toBe('e_mail');
    }
    const fourth = await attempt(3);
    expect(fourth.status).toBe(400);
    expect(fourth.body.data[0].error_field).toBe('captcha_code');
  });

  it('sends each e-mail of the shared outbox once', async (t) => {
    if (!site || !box) return t.skip();
    const smtp = { from_email: 'noreply@example.com', from_name: 'Test Site', smtp_host: '127.0.0.1', smtp_port: box.port, encryption: '', smtp_authentication: false, smtp_username: '', smtp_password: '' };
    expect((await api(nodes[0]!, 'PUT', '/answer/admin/api/setting/smtp', { token, body: smtp })).status).toBe(200);
    // Six sign-ups spread over the nodes: six activation e-mails in the outbox, which every node polls.
    const names = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'];
    for (const [i, name] of names.entries()) {
      const r = await api(nodes[i % 3]!, 'POST', `${V1}/user/register/email`, { body: { name, e_mail: `${name}@example.com`, pass: 'password-123' }, ip: `10.3.0.${i + 1}` });
      expect(r.status).toBe(200);
    }
    for (const name of names) await box.waitFor(`${name}@example.com`, { timeoutMs: 15_000 });
    // Time for a second send, if any node were to send a claimed message again.
    await new Promise((r) => setTimeout(r, 2500));
    const sent = box.messages.filter((m) => names.some((n) => m.to.includes(`${n}@example.com`))).map((m) => m.to).sort();
    expect(sent).toEqual(names.map((n) => `${n}@example.com`));
  });

  it('loses no acknowledged write when a node is killed mid-load', async (t) => {
    if (!site) return t.skip();
    const q = await api(nodes[0]!, 'POST', `${V1}/question`, { token, body: { title: 'What survives a node crash?', content: 'Every comment the server acknowledged.', tags: [{ slug_name: 'support' }] } });
    expect(q.status).toBe(200);
    const qid = q.body.data.id as string;
    const acknowledged: string[] = [];
    let failed = 0;
    let sent = 0;
    const TOTAL = 90;
    const worker = async () => {
      while (sent < TOTAL) {
        const i = sent++;
        if (i === 30) nodes[2]!.child.kill('SIGKILL');
        try {
          const r = await api(nodes[i % 3]!, 'POST', `${V1}/comment`, { token, body: { object_id: qid, original_text: `Comment number ${i} under load` } });
          if (r.status === 200) acknowledged.push(r.body.data.comment_id as string);
          else failed++;
        } catch {
          failed++; // the killed node: no answer, so nothing was acknowledged
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker(), worker(), worker()]);
    expect(nodes[2]!.child.exitCode !== null || nodes[2]!.child.signalCode !== null).toBe(true);
    expect(failed).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    const stored = await site.app.quorum.database!.kysely.selectFrom('comments').select('id').where('object_id', '=', qid).execute();
    const ids = new Set(stored.map((r) => String(r.id)));
    expect(acknowledged.filter((id) => !ids.has(String(id)))).toEqual([]);
  });
});
