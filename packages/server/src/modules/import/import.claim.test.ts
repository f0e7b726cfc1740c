/**
 * Imported members claim their account by e-mail (issue #33 item 10), once per database engine: a generated dump
 * (test/se-dump.ts) whose Users.xml rows carry e-mails, one repeated in other letter case, one invalid, one
 * already used by a member of the site and one row without any. Valid, unique addresses are stored (lower-cased),
 * the others fall back to `<username>@<source>.invalid` and the report counts them. An imported member has no
 * password, which never logs in; "forgot password" for the imported address sends the mail, the link sets a
 * password, and the member logs in with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { codeFromMail, startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';
import { writeDump, type DumpFacts } from '../../../test/se-dump.js';
import { useCaptchaGenerator } from '../captcha/index.js';
import { EmailNote } from './import.writer.js';
import { importStackExchange, type ImportSummary } from './index.js';

const V1 = '/answer/api/v1';
const SOURCE = 'claim.stackexchange.com';
const CAPTCHA = { captcha_code: 'right' };

for (const dialect of DIALECTS) {
  describe(`imported members claim their account by e-mail on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let tmp = '';
    let facts: DumpFacts;
    let summary: ImportSummary;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      await useMailbox(site.app, box);
      useCaptchaGenerator(site.app.quorum, () => ({ answer: 'right', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
      // A member of the site already has the address of dump user 5.
      await registerUser(site.app, 'barista5');
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-claim-'));
      facts = writeDump(path.join(tmp, SOURCE), { questions: 30, users: 7, withUsers: true, withEmails: true });
      summary = await importStackExchange(site.app.quorum.database!, site.app.quorum.ids!, path.join(tmp, SOURCE));
    }, 120_000);
    afterAll(async () => {
      await site?.close();
      await box?.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });
    const app = () => site!.app;
    const userOf = (dumpId: string) =>
      app().quorum.database!.kysely.selectFrom('users').innerJoin('import_map', 'import_map.internal_id', 'users.id').select(['users.id', 'users.username', 'users.e_mail', 'users.pass']).where('import_map.source', '=', SOURCE).where('import_map.kind', '=', 'user').where('import_map.external_id', '=', dumpId).executeTakeFirstOrThrow();
    const captcha = async () => ({ ...CAPTCHA, captcha_id: (await call(app(), 'GET', `${V1}/user/action/record?action=find_pass`)).body.data.captcha_id as string });
    const login = (e_mail: string, pass: string) => call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail, pass } });

    it('stores valid, unique addresses; invalid and taken ones fall back and are counted', async (t) => {
      if (!site) return t.skip();
      // Dump user 5's address belongs to the site's member: one more duplicate than the dump itself has.
      const claimable = Object.entries(facts.emails!.claimable).filter(([id]) => id !== '5');
      expect(claimable.length).toBeGreaterThan(2);
      expect(summary.claimableUsers).toBe(claimable.length);
      expect(summary.files['Users.xml']).toEqual({ imported: facts.owners, skipped: 0, reasons: {}, notes: { [EmailNote.invalid]: facts.emails!.invalid, [EmailNote.duplicate]: facts.emails!.duplicate + 1 } });
      for (const [id, address] of claimable) expect((await userOf(id)).e_mail).toBe(address);
      expect((await userOf('1')).e_mail).toBe('barista.one@example.com');
      for (const id of ['2', '3', '4', '5']) {
        const u = await userOf(id);
        expect(u.e_mail).toBe(`${u.username}@${SOURCE}.invalid`);
      }
      expect((await userOf('1')).pass).toBe('');
    });

    it('an empty password never logs in; forgot password sets one and the member logs in', async (t) => {
      if (!site) return t.skip();
      const member = await userOf('1');
      expect((await login('barista.one@example.com', '')).status).toBe(400);
      const guessed = await login('barista.one@example.com', 'password-123');
      expect(guessed.status).toBe(400);
      expect(guessed.body.data?.access_token).toBeUndefined();
      expect((await login((await userOf('4')).e_mail, '')).status).toBe(400);

      const after = box.messages.length;
      expect((await call(app(), 'POST', `${V1}/user/password/reset`, { body: { e_mail: 'Barista.One@Example.COM', ...(await captcha()) } })).status).toBe(200);
      const mail = await box.waitFor('barista.one@example.com', { after, subject: /Reset your password/ });
      const code = codeFromMail(mail);
      expect((await call(app(), 'POST', `${V1}/user/password/replacement`, { body: { code, pass: 'claimed-pass-1' } })).status).toBe(200);
      const ok = await login('barista.one@example.com', 'claimed-pass-1');
      expect(ok.status).toBe(200);
      const info = await call(app(), 'GET', `${V1}/user/info`, { token: ok.body.data.access_token });
      expect(info.body.data).toMatchObject({ id: member.id, username: member.username });
      expect((await login('barista.one@example.com', '')).status).toBe(400);
    });
  });
}
