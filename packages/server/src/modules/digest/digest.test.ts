import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';
import { activeUser, askQuestion, type TestUser } from '../comment/social.testkit.js';
import { mailWorker } from '../mail/index.js';
import { JobStatus, runMailJobs } from './index.js';

const V1 = '/answer/api/v1';
const DAY = 24 * 60 * 60;
const nowS = () => Math.floor(Date.now() / 1000);

async function options(app: TestSite['app'], user: TestUser, body: Record<string, unknown>): Promise<void> {
  const r = await call(app, 'PUT', `${V1}/user/notification/config`, { token: user.token, body });
  if (r.status !== 200) throw new Error(`config: ${JSON.stringify(r.body)}`);
}

async function followTag(app: TestSite['app'], user: TestUser, slug: string): Promise<void> {
  const tag = await call(app, 'GET', `${V1}/tag?tag_name=${slug}`, { token: user.token });
  const r = await call(app, 'POST', `${V1}/follow`, { token: user.token, body: { object_id: tag.body.data.tag_id } });
  if (r.status !== 200) throw new Error(`follow: ${JSON.stringify(r.body)}`);
}

for (const dialect of DIALECTS) {
  describe(`digests and tag e-mails on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let asker: TestUser, reader: TestUser, follower: TestUser, daily: TestUser, quiet: TestUser;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      await useMailbox(site.app, box);
      const users = await Promise.all(['asker', 'reader', 'follower', 'daily', 'quiet'].map((n) => activeUser(site!.app, n, 10_000)));
      [asker, reader, follower, daily, quiet] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    });
    afterAll(async () => {
      await site?.close();
      await box?.close();
    });
    const app = () => site!.app;
    const db = () => app().quorum.database!.kysely;

    it('mails a new question at once to the followers of its tags who chose instant, never to its author, once', async (t) => {
      if (!site) return t.skip();
      await askQuestion(app(), asker.token, 'First porter question', 'porter');
      await followTag(app(), follower, 'porter');
      await followTag(app(), asker, 'porter');
      await followTag(app(), quiet, 'porter');
      await options(app(), follower, { all_new_question_for_following_tags: { enable: true, frequency: 'instant' } });
      await options(app(), asker, { all_new_question_for_following_tags: { enable: true } });
      expect((await call(app(), 'GET', `${V1}/user/notification/config`, { token: follower.token })).body.data.all_new_question_for_following_tags).toEqual({ key: 'email', enable: true, frequency: 'instant' });
      await runMailJobs(app().quorum);
      const qid = await askQuestion(app(), asker.token, 'Is brown malt needed in a porter?', 'porter');
      await Promise.all([runMailJobs(app().quorum), runMailJobs(app().quorum)]);
      const mail = await box.waitFor('follower@example.com', { subject: /New question in porter: Is brown malt needed in a porter\?/ });
      expect(mail.text).toContain(`http://localhost:9080/questions/${qid}/is-brown-malt-needed-in-a-porter`);
      expect(mail.headers['list-unsubscribe']).toContain(`code=u1.all_new_question_for_following_tags.${follower.id}.`);
      const keys = (await db().selectFrom('outbox').select('dedup_key').where('dedup_key', 'like', `tag_question:${qid}:%`).execute()).map((r) => r.dedup_key);
      expect(keys).toEqual([`tag_question:${qid}:${follower.id}`]);
    });

    it('sends the weekly digest once: up to 50 questions of the week, followed tags first, then the most voted', async (t) => {
      if (!site) return t.skip();
      await followTag(app(), reader, 'porter');
      await options(app(), reader, { all_new_question: { enable: true } });
      const ids: string[] = [];
      for (let i = 0; i < 50; i++) ids.push(await askQuestion(app(), asker.token, `Weekly digest question number ${i}`, 'misc'));
      await db().updateTable('questions').set({ vote_count: 7 }).where('id', '=', ids[20]!).execute();
      // The digest of the week holding today is sent in the next week.
      const nextWeek = nowS() + 7 * DAY;
      const first = await runMailJobs(app().quorum, nextWeek);
      expect(first.queued).toBeGreaterThanOrEqual(1);
      const mail = await box.waitFor('reader@example.com', { subject: /New questions of the week/ });
      const items = [...mail.html.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => m[2]);
      expect(items).toHaveLength(50);
      expect(items.slice(0, 2).sort()).toEqual(['First porter question', 'Is brown malt needed in a porter?']);
      expect(items[2]).toBe('Weekly digest question number 20');
      expect(mail.text).toContain('1. ');
      expect(mail.headers['list-unsubscribe']).toContain(`code=u1.all_new_question.${reader.id}.`);
      // Running again (a restart, another node) sends nothing more.
      expect((await runMailJobs(app().quorum, nextWeek)).queued).toBe(0);
      await mailWorker(app().quorum)!.runOnce();
      expect(box.messages.filter((m) => m.to.includes('reader@') && /New questions of the week/.test(m.subject))).toHaveLength(1);
      const job = await db().selectFrom('mail_jobs').selectAll().where('kind', '=', 'weekly_digest').where('user_id', '=', reader.id).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: JobStatus.done, item_count: 50 });
      // Members who did not opt in get no digest.
      expect(box.messages.filter((m) => m.to.includes('quiet@') && !m.subject.includes('Activate'))).toEqual([]);
    });

    it('sends daily tag digests in the member language and stops after the unsubscribe link', async (t) => {
      if (!site) return t.skip();
      await followTag(app(), daily, 'porter');
      await options(app(), daily, { all_new_question_for_following_tags: { enable: true, frequency: 'daily' } });
      await call(app(), 'PUT', `${V1}/user/interface`, { token: daily.token, body: { language: 'zh_CN', color_scheme: 'default' } });
      await runMailJobs(app().quorum);
      expect(box.messages.filter((m) => m.to.includes('daily@') && m.subject.includes('标签'))).toEqual([]);
      await runMailJobs(app().quorum, nowS() + DAY);
      const mail = await box.waitFor('daily@example.com', { subject: /你关注的标签今日新问题/ });
      expect(mail.text).toContain('Is brown malt needed in a porter?');
      const code = decodeURIComponent(/\/users\/unsubscribe\?code=(\S+)/.exec(mail.text)![1]!);
      expect((await call(app(), 'PUT', `${V1}/user/notification/unsubscribe`, { body: { code } })).status).toBe(200);
      await askQuestion(app(), asker.token, 'Another porter question after unsubscribing', 'porter');
      await runMailJobs(app().quorum, nowS() + 2 * DAY);
      const digests = await db().selectFrom('outbox').select('dedup_key').where('dedup_key', 'like', `digest:tag_daily:%:${daily.id}`).execute();
      expect(digests).toHaveLength(1);
    });
  });
}

describe.runIf(DIALECTS.includes('postgres'))('the weekly digest across nodes on postgres', () => {
  let site: TestSite | undefined;
  let box: Mailbox;
  beforeAll(async () => {
    if (!(await shouldRun('postgres'))) return;
    site = await installedSite('postgres');
    box = await startMailbox();
    await useMailbox(site.app, box);
  });
  afterAll(async () => {
    await site?.close();
    await box?.close();
  });

  it('runs exactly once per member and week with two app instances and a separate process on one database', { timeout: 120_000 }, async (t) => {
    if (!site) return t.skip();
    const members: TestUser[] = [];
    for (let i = 0; i < 12; i++) members.push(await activeUser(site.app, `member${i}`, 10_000));
    for (const m of members) await options(site.app, m, { all_new_question: { enable: true } });
    await askQuestion(site.app, members[0]!.token, 'Which malt gives the most body?', 'malt');
    const other = await buildApp({ dataDir: site.dataDir, rateLimit: false });
    const nextWeek = nowS() + 7 * DAY;
    const tsx = path.resolve('node_modules/.bin/tsx');
    try {
      const child = promisify(execFile)(tsx, [path.resolve('packages/server/test/mail-jobs-node.ts'), site.dataDir, String(nextWeek), '3'], { timeout: 90_000 });
      await Promise.all([0, 1, 2].flatMap(() => [runMailJobs(site!.app.quorum, nextWeek), runMailJobs(other.quorum, nextWeek)]));
      const passes = JSON.parse((await child).stdout) as Array<{ queued: number }>;
      expect(passes).toHaveLength(3);
    } finally {
      await other.close();
    }
    const rows = await site.app.quorum.database!.kysely.selectFrom('outbox').select('dedup_key').where('dedup_key', 'like', 'digest:weekly_digest:%').execute();
    expect(rows).toHaveLength(members.length);
    expect(new Set(rows.map((r) => r.dedup_key)).size).toBe(members.length);
    const jobs = await site.app.quorum.database!.kysely.selectFrom('mail_jobs').select(['status', 'attempts']).where('kind', '=', 'weekly_digest').execute();
    expect(jobs.map((j) => j.status)).toEqual(members.map(() => JobStatus.done));
    for (let i = 0; i < 5; i++) await mailWorker(site.app.quorum)!.runOnce();
    for (const m of members) await box.waitFor(`${m.name}@example.com`, { subject: /New questions of the week/ });
    await new Promise((r) => setTimeout(r, 300));
    expect(box.messages.filter((m) => /New questions of the week/.test(m.subject))).toHaveLength(members.length);
  });
});
