import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';
import { enqueueEmail, mailWorker, OutboxStatus, PASSWORD_MASK } from './index.js';
import { backoffSeconds } from './outbox.js';
import { renderMail } from './templates.js';

const SMTP = '/answer/admin/api/setting/smtp';
const VALID = { from_email: 'noreply@example.com', from_name: 'Site', smtp_host: '127.0.0.1', smtp_port: 2525, encryption: '', smtp_authentication: false };

describe('e-mail templates', () => {
  it('renders text and escaped HTML in the recipient language', () => {
    const en = renderMail('activation', 'en_US', { site_name: 'Q&A <Site>', link: 'http://x.test/users/account-activation?code=a&b' });
    expect(en.subject).toBe('[Q&A <Site>] Activate your account');
    expect(en.text).toContain('http://x.test/users/account-activation?code=a&b');
    expect(en.html).toContain('<a href="http://x.test/users/account-activation?code=a&#38;b">');
    expect(en.html).toContain('<strong>Q&#38;A &#60;Site&#62;</strong>');
    const zh = renderMail('password_reset', 'zh_CN', { site_name: 'S', link: 'http://x' });
    expect(zh.subject).toBe('[S] 重置密码');
  });

  it('backs off exponentially with a cap', () => {
    expect([1, 2, 3].map(backoffSeconds)).toEqual([30, 60, 120]);
    expect(backoffSeconds(30)).toBe(6 * 3600);
  });
});

for (const dialect of DIALECTS) {
  describe(`SMTP settings and the outbox on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      admin = await adminToken(site.app);
    });
    afterAll(async () => {
      await site?.close();
      await box?.close();
    });
    const app = () => site!.app;
    const db = () => app().quorum.database!;
    /** Polls until every row of `ids` has `status` (the SMTP receiver sees a message just before the row is marked). */
    const rowsWithStatus = async (ids: string[], status: number) => {
      for (let i = 0; ; i++) {
        const rows = await db().kysely.selectFrom('outbox').selectAll().where('id', 'in', ids).execute();
        if (rows.every((r) => r.status === status) || i > 100) return rows;
        await new Promise((r) => setTimeout(r, 30));
      }
    };

    it('keeps e-mails pending with a note while SMTP is not configured, then sends them', async (t) => {
      if (!site) return t.skip();
      await registerUser(app(), 'early', { activate: false });
      await mailWorker(app().quorum)!.runOnce();
      const rows = await db().kysely.selectFrom('outbox').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: OutboxStatus.pending, attempts: 0, last_error: 'SMTP is not configured; waiting' });
      await useMailbox(app(), box, admin);
      const mail = await box.waitFor('early@example.com');
      expect(mail.subject).toContain('Activate your account');
      const sent = (await rowsWithStatus([rows[0]!.id], OutboxStatus.sent))[0]!;
      expect(sent).toMatchObject({ status: OutboxStatus.sent, attempts: 1, last_error: '' });
      // The one-time link is not kept once sent.
      expect(sent.payload).not.toContain('code=');
    });

    it('validates the settings with the admin messages and never returns the password', async (t) => {
      if (!site) return t.skip();
      const empty = await call(app(), 'PUT', SMTP, { token: admin, body: { smtp_port: 0, test_email_recipient: 'nope' } });
      expect(empty.status).toBe(400);
      expect(empty.body.data).toEqual([
        { error_field: 'from_email', error_msg: 'Sender e-mail cannot be empty' },
        { error_field: 'from_name', error_msg: 'Sender name cannot be empty' },
        { error_field: 'smtp_host', error_msg: 'SMTP host cannot be empty' },
        { error_field: 'encryption', error_msg: 'Encryption cannot be empty' },
        { error_field: 'smtp_port', error_msg: 'SMTP port must be between 1 and 65535' },
        { error_field: 'smtp_authentication', error_msg: 'SMTP authentication cannot be empty' },
        { error_field: 'test_email_recipient', error_msg: 'Test recipient e-mail is invalid' },
      ]);
      const auth = await call(app(), 'PUT', SMTP, { token: admin, body: { ...VALID, smtp_port: 70000, smtp_authentication: true } });
      expect(auth.body.data).toEqual([
        { error_field: 'smtp_port', error_msg: 'SMTP port must be between 1 and 65535' },
        { error_field: 'smtp_username', error_msg: 'SMTP username cannot be empty' },
        { error_field: 'smtp_password', error_msg: 'SMTP password cannot be empty' },
      ]);
      const zh = await call(app(), 'PUT', SMTP, { token: admin, body: { ...VALID, smtp_host: '' }, lang: 'zh-CN' });
      expect(zh.body.msg).toBe('SMTP 主机不能为空');

      const saved = await call(app(), 'PUT', SMTP, { token: admin, body: { ...VALID, smtp_port: box.port, encryption: 'TLS', smtp_authentication: true, smtp_username: 'mailer', smtp_password: 's3cret-pass' } });
      expect(saved.status).toBe(200);
      const got = await call(app(), 'GET', SMTP, { token: admin });
      expect(got.body.data).toMatchObject({ smtp_username: 'mailer', smtp_password: PASSWORD_MASK, encryption: 'TLS', smtp_authentication: true });
      expect(JSON.stringify(got.body)).not.toContain('s3cret-pass');
      // Sending the mask back keeps the stored password.
      await call(app(), 'PUT', SMTP, { token: admin, body: got.body.data });
      const stored = await db().kysely.selectFrom('settings').select('value').where('name', '=', 'smtp').executeTakeFirstOrThrow();
      expect(JSON.parse(stored.value).smtp_password).toBe('s3cret-pass');
      await useMailbox(app(), box, admin);
    });

    it('sends a test e-mail when a recipient is given; moderators and users may not touch SMTP', async (t) => {
      if (!site) return t.skip();
      const after = box.messages.length;
      expect((await call(app(), 'PUT', SMTP, { token: admin, body: { ...VALID, smtp_port: box.port, test_email_recipient: 'ops@example.com' } })).status).toBe(200);
      const mail = await box.waitFor('ops@example.com', { after });
      expect(mail.subject).toBe('[Test Site] Test e-mail');
      expect(mail.from).toContain('Site');
      const user = await registerUser(app(), 'nosy');
      expect((await call(app(), 'GET', SMTP, { token: user.token })).status).toBe(403);
      expect((await call(app(), 'GET', SMTP)).status).toBe(401);
    });

    it("heads e-mails with the site's branding logo (absolute URL) when one is set, with its name otherwise", async (t) => {
      if (!site) return t.skip();
      const branding = (body: Record<string, string>) => call(app(), 'PUT', '/answer/admin/api/siteinfo/branding', { token: admin, body });
      const testMail = async (to: string) => {
        const after = box.messages.length;
        expect((await call(app(), 'PUT', SMTP, { token: admin, body: { ...VALID, smtp_port: box.port, test_email_recipient: to } })).status).toBe(200);
        return box.waitFor(to, { after });
      };
      const plain = await testMail('brand-none@example.com');
      expect(plain.html).not.toContain('<img');
      expect(plain.html).toMatch(/<a href="http:\/\/localhost:9080"[^>]*><strong[^>]*>Test Site<\/strong><\/a>/);

      expect((await branding({ logo: '/uploads/branding/logo.png' })).status).toBe(200);
      try {
        const path = await testMail('brand-path@example.com');
        expect(path.html).toContain('<img src="http://localhost:9080/uploads/branding/logo.png" alt="Test Site"');
        expect(path.html).not.toContain('<strong style="font-size:20px');
        // The text part is unchanged: no logo address in it.
        expect(path.text).not.toContain('logo.png');
        expect((await branding({ logo: 'https://cdn.example.com/brand/logo.svg' })).status).toBe(200);
        expect((await testMail('brand-url@example.com')).html).toContain('<img src="https://cdn.example.com/brand/logo.svg" alt="Test Site"');
      } finally {
        await branding({ logo: '' });
      }
    });

    it('retries a refused message with backoff and delivers it once', async (t) => {
      if (!site) return t.skip();
      const worker = mailWorker(app().quorum)!;
      box.refuse(true);
      const id = await enqueueEmail(app().quorum, db(), { to: 'retry@example.com', lang: 'en_US', template: 'test' });
      await worker.runOnce();
      let row = await db().kysely.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      for (let i = 0; i < 50 && row.attempts === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        row = await db().kysely.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      }
      expect(row.status).toBe(OutboxStatus.pending);
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/451|try again/);
      expect(row.next_attempt_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 20);
      box.refuse(false);
      await db().kysely.updateTable('outbox').set({ next_attempt_at: 0 }).where('id', '=', id).execute();
      await worker.runOnce();
      await box.waitFor('retry@example.com');
      expect(box.messages.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
    });

    it('loses nothing when the process stops before sending, and sends each e-mail once after a restart', async (t) => {
      if (!site) return t.skip();
      await mailWorker(app().quorum)!.stop();
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await enqueueEmail(app().quorum, db(), { to: `crash${i}@example.com`, lang: 'en_US', template: 'test' }));
      // A row a dead worker had claimed long ago (its lease ran out) is taken over as well.
      await db().kysely.updateTable('outbox').set({ status: OutboxStatus.sending, updated_at: 1 }).where('id', '=', ids[2]!).execute();
      await new Promise((r) => setTimeout(r, 1200));
      expect(box.messages.filter((m) => m.to.startsWith('crash'))).toHaveLength(0);
      await app().close();
      // Restart on the same data directory: two app nodes at once, racing for the same rows.
      const a = await buildApp({ dataDir: site.dataDir, rateLimit: false });
      const b = await buildApp({ dataDir: site.dataDir, rateLimit: false });
      try {
        for (let i = 0; i < 3; i++) await box.waitFor(`crash${i}@example.com`);
        await Promise.all([mailWorker(a.quorum)!.runOnce(), mailWorker(b.quorum)!.runOnce()]);
        await new Promise((r) => setTimeout(r, 300));
        for (let i = 0; i < 3; i++) expect(box.messages.filter((m) => m.to === `crash${i}@example.com`)).toHaveLength(1);
        site.app = a;
        const rows = await rowsWithStatus(ids, OutboxStatus.sent);
        expect(rows.every((r) => r.status === OutboxStatus.sent && r.attempts === 1)).toBe(true);
      } finally {
        await b.close();
        site.app = a;
      }
    });
  });
}
