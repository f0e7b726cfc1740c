/**
 * Timeline reasons over HTTP on every engine: closing a question through PUT /question/status writes its close
 * reason on the 'closed' row, a flag decision its outcome, and GET /activity/timeline returns each row's reason
 * ('' for rows without one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

interface Row {
  activity_type: string;
  reason: string;
}

for (const dialect of DIALECTS) {
  describe(`timeline reasons on ${dialect}`, () => {
    let site: TestSite | undefined;
    let author: Member;
    let mod: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      author = await member(site, 'tlauthor');
      mod = await member(site, 'tlmod');
      await makeModerator(site, mod.id);
    });
    afterAll(async () => site?.close());

    const timeline = async (id: string, token = author.token) => (await call(site!.app, 'GET', `${API}/activity/timeline?object_id=${id}`, { token })).body.data.timeline as Row[];

    it('a question closed through PUT /question/status shows its close reason; reopening carries none', async (t) => {
      if (!site) return t.skip();
      const q = await ask(site, author.token, 'Question that gets closed as a duplicate');
      const close = await call(site.app, 'PUT', `${API}/question/status`, { token: mod.token, body: { id: q, close_type: 1, close_msg: 'See the older question on hydrometers' } });
      expect(close.status).toBe(200);
      const closed = (await timeline(q)).find((r) => r.activity_type === 'closed');
      expect(closed?.reason).toBe('a duplicate: See the older question on hydrometers');
      expect((await call(site.app, 'PUT', `${API}/question/reopen`, { token: mod.token, body: { question_id: q } })).status).toBe(200);
      const rows = await timeline(q);
      expect(rows.find((r) => r.activity_type === 'reopened')?.reason).toBe('');
      expect(rows.find((r) => r.activity_type === 'asked')?.reason).toBe('');

      const q2 = await ask(site, author.token, 'Question that gets closed as off-topic');
      await call(site.app, 'PUT', `${API}/question/status`, { token: mod.token, body: { id: q2, close_type: 2, close_msg: 'ignored for this reason' } });
      expect((await timeline(q2)).find((r) => r.activity_type === 'closed')?.reason).toBe('off-topic');
    });

    it('a flag decision shows its outcome and the flag reason', async (t) => {
      if (!site) return t.skip();
      const flagger = await member(site, 'tlflagger', 50);
      const q = await ask(site, author.token, 'Question that gets flagged as rude');
      expect((await call(site.app, 'POST', `${API}/report`, { token: flagger.token, body: { object_id: q, report_type: 58 } })).status).toBe(200);
      const flag = (await call(site.app, 'GET', `${API}/report/unreviewed/post`, { token: mod.token })).body.data.list[0];
      expect((await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: flag.flag_id, operation_type: 'unlist_post' } })).status).toBe(200);
      const row = (await timeline(q, mod.token)).find((r) => r.activity_type === 'flag_handled');
      expect(row?.reason).toBe('Unlisted after a flag. — flagged as rude or abusive');
    });
  });
}
