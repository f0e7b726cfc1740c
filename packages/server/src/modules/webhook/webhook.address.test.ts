/**
 * Webhook targets through HTTP: without QUORUM_WEBHOOK_ALLOW_PRIVATE a hook whose URL is, or resolves to, a
 * loopback, private, link-local (cloud metadata), unique-local or reserved address is refused at registration
 * with a field error, IPv4 hidden in IPv6 included (mapped, SIIT-translated, compatible, NAT64, 6to4, Teredo); a hook registered while private targets were allowed is
 * refused again at delivery, by literal address and by a name looked up at connection time, and nothing reaches
 * the receiver; allowing private targets again lets the retry through. SQLite only: no database behaviour here.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { askQuestion } from '../comment/social.testkit.js';
import { runWebhookDeliveries } from './index.js';

const NOT_PUBLIC = 'The webhook address is on a private network (loopback, private, link-local or cloud metadata address), which webhooks may not reach.';

describe('webhook targets', () => {
  let site: TestSite;
  let admin = '';
  let server: Server;
  let port = 0;
  const got: string[] = [];

  const register = (url: string) => call(site.app, 'POST', '/answer/admin/api/webhooks', { token: admin, body: { url, events: ['question.created'] } });
  const log = async (id: string) => (await call(site.app, 'GET', `/answer/admin/api/webhooks/deliveries?id=${id}`, { token: admin })).body.data as { status: string; attempts: number; response_code: number; error: string }[];

  beforeAll(async () => {
    delete process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE;
    site = await installedSite('sqlite3');
    admin = await adminToken(site.app);
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        got.push(req.url ?? '');
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    delete process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE;
    for (const h of (await call(site.app, 'GET', '/answer/admin/api/webhooks', { token: admin })).body.data ?? []) {
      await call(site.app, 'DELETE', '/answer/admin/api/webhooks', { token: admin, body: { id: h.id } });
    }
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await site.close();
  });

  it('refuses private, loopback, link-local, metadata and reserved addresses at registration', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hook`, 'http://localhost/hook', 'http://10.1.2.3/', 'http://172.20.0.5/', 'http://192.168.1.10/',
      'http://169.254.169.254/latest/meta-data/', 'http://100.100.100.200/', 'http://0.0.0.0/', 'http://2130706433/', 'http://0x7f.1/',
      'http://[::1]/', 'http://[fe80::1]/', 'http://[fd00:ec2::254]/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/',
      'http://[64:ff9b::a00:1]/', 'http://[2002:c0a8:101::1]/', 'http://224.0.0.1/', 'http://255.255.255.255/',
      // IPv4 inside IPv6, every spelling: SIIT-translated (::ffff:0:0:0/96), mapped written long, compatible,
      // NAT64 with a dotted tail, the local-use NAT64 prefix, 6to4 of the metadata address, Teredo whose (inverted)
      // client is 127.0.0.1.
      'http://[::ffff:0:127.0.0.1]/', 'http://[::ffff:0:7f00:1]/', 'http://[0:0:0:0:ffff:0:a9fe:a9fe]/', 'http://[0:0:0:0:0:ffff:10.0.0.1]/',
      'http://[::127.0.0.1]/', 'http://[64:ff9b::192.168.1.1]/', 'http://[64:ff9b::7f00:1]/', 'http://[64:ff9b:1::808:808]/',
      'http://[2002:a9fe:a9fe::]/', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'http://[2001:0:a00:1:8000:63bf:f7f7:f7f7]/',
    ]) {
      const r = await register(url);
      expect(r.status, url).toBe(400);
      expect(r.body.data, url).toEqual([{ error_field: 'url', error_msg: NOT_PUBLIC }]);
    }
    const unresolved = await register('http://no-such-host.invalid/hook');
    expect(unresolved.body.data).toEqual([{ error_field: 'url', error_msg: "The webhook address's host name could not be resolved." }]);
    expect((await call(site.app, 'GET', '/answer/admin/api/webhooks', { token: admin })).body.data).toEqual([]);
    // Public literals are accepted (registration resolves nothing for them).
    for (const url of ['http://93.184.215.14/hook', 'https://[2606:4700:4700::1111]/hook', 'http://[::ffff:8.8.8.8]/', 'http://[::ffff:0:8.8.8.8]/', 'http://[64:ff9b::808:808]/', 'http://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/']) {
      expect((await register(url)).status, url).toBe(200);
    }
  });

  it('accepts private targets when the operator allows them, and checks again at each delivery', async () => {
    process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
    const byAddress = (await register(`http://127.0.0.1:${port}/by-address`)).body.data as { id: string };
    const byName = (await register(`http://localhost:${port}/by-name`)).body.data as { id: string };
    expect(byAddress.id && byName.id).toBeTruthy();

    delete process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE;
    await askQuestion(site.app, admin, 'A question whose hooks point inside');
    await runWebhookDeliveries(site.app.quorum);
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([]);
    const [a] = await log(byAddress.id);
    expect(a).toMatchObject({ status: 'pending', attempts: 1, response_code: 0 });
    expect(a!.error).toContain('127.0.0.1 resolves to 127.0.0.1, a private or reserved address');
    const [n] = await log(byName.id);
    expect(n).toMatchObject({ status: 'pending', attempts: 1, response_code: 0 });
    expect(n!.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private or reserved address/);

    process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
    await runWebhookDeliveries(site.app.quorum, Math.floor(Date.now() / 1000) + 31);
    expect(got).toContain('/by-address');
    expect((await log(byAddress.id))[0]).toMatchObject({ status: 'delivered', attempts: 2, response_code: 200 });
  });
});
