/**
 * Suggested tag edits over HTTP on every engine: a tag wiki edit by a member without tag.edit_without_review waits
 * in GET /revisions/unreviewed for reviewers with tag.audit (others neither see nor decide it), counts in GET
 * /reviewing/type, leaves the tag as it is until approved; approval applies it, credits the editor +2 and shows
 * in the tag's timeline; rejection changes nothing; a second decision is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, member, rankOf, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`suggested tag edits on ${dialect}`, () => {
    let site: TestSite | undefined;
    let editor: Member, reviewer: Member, bystander: Member;
    let tagId = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      [editor, reviewer, bystander] = [await member(site, 'tageditor', 100), await member(site, 'tagreviewer', 5000), await member(site, 'tagbystander', 100)];
      tagId = (await call(site.app, 'GET', `${API}/tag?name=support`)).body.data.tag_id;
    });
    afterAll(async () => site?.close());

    const editTag = (token: string, body: Record<string, unknown>) => call(site!.app, 'PUT', `${API}/tag`, { token, body: { tag_id: tagId, slug_name: 'support', ...body } });
    const unreviewed = async (token: string) => (await call(site!.app, 'GET', `${API}/revisions/unreviewed?page=1`, { token })).body.data;
    const audit = (token: string, id: string, operation: string) => call(site!.app, 'PUT', `${API}/revisions/audit`, { token, body: { id, operation } });
    const tag = async () => (await call(site!.app, 'GET', `${API}/tag?id=${tagId}`)).body.data;
    const suggested = async (token: string) => ((await call(site!.app, 'GET', `${API}/reviewing/type`, { token })).body.data as { name: string; todo_amount: number }[]).find((x) => x.name === 'suggested_post_edit')?.todo_amount ?? 0;

    it('a waiting tag edit is listed for tag reviewers only; approval applies it and credits the editor', async (t) => {
      if (!site) return t.skip();
      const r = await editTag(editor.token, { display_name: 'Support desk', original_text: 'Questions about **help**.', edit_summary: 'describe the tag' });
      expect(r.body.data).toEqual({ wait_for_review: true });
      expect((await tag()).display_name).toBe('support');

      const page = await unreviewed(reviewer.token);
      expect(page.count).toBe(1);
      expect(page.list[0]).toMatchObject({ type: 'tag', info: { object_id: tagId, object_type: 'tag', title: 'support', url_title: 'support' }, unreviewed_info: { object_type: 'tag', reason: 'describe the tag', content: { display_name: 'Support desk', html: '<p>Questions about <strong>help</strong>.</p>\n' } } });
      expect(await suggested(reviewer.token)).toBe(1);
      expect((await unreviewed(bystander.token)).count).toBe(0);
      const revisionId = page.list[0].unreviewed_info.id as string;
      expect((await audit(bystander.token, revisionId, 'approve')).status).toBe(403);

      const before = await rankOf(site, editor.id);
      expect((await audit(reviewer.token, revisionId, 'approve')).status).toBe(200);
      expect(await tag()).toMatchObject({ display_name: 'Support desk', original_text: 'Questions about **help**.' });
      expect(await rankOf(site, editor.id)).toBe(before + 2);
      expect((await audit(reviewer.token, revisionId, 'reject')).body.reason).toBe('error.revision.already_reviewed');
      expect((await unreviewed(reviewer.token)).count).toBe(0);
      const timeline = (await call(site.app, 'GET', `${API}/activity/timeline?object_id=${tagId}`, { token: reviewer.token })).body.data.timeline as { activity_type: string; revision_id: string }[];
      expect(timeline.find((x) => x.activity_type === 'edited')?.revision_id).toBe(revisionId);
    });

    it('rejection leaves the tag as it is', async (t) => {
      if (!site) return t.skip();
      expect((await editTag(editor.token, { display_name: 'Vandalised', original_text: 'Nonsense' })).body.data).toEqual({ wait_for_review: true });
      const revisionId = (await unreviewed(reviewer.token)).list[0].unreviewed_info.id as string;
      expect((await audit(reviewer.token, revisionId, 'reject')).status).toBe(200);
      expect((await tag()).display_name).toBe('Support desk');
      expect((await unreviewed(reviewer.token)).count).toBe(0);
    });
  });
}
