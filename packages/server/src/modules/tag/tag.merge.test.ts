import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`tag merge on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let bob = { token: '', id: '' };
    let ann = { token: '', id: '' };
    let mod = { token: '', id: '' };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      bob = await registerUser(site.app, 'bob');
      ann = await registerUser(site.app, 'ann');
      mod = await registerUser(site.app, 'mod');
      const k = site.app.quorum.database!.kysely;
      await k.updateTable('users').set({ role_id: 3 }).where('id', '=', mod.id).execute();
      await k.updateTable('users').set({ mail_status: 1 }).where('id', 'in', [bob.id, ann.id, mod.id]).execute();
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const tag = async (name: string) => (await call(app(), 'GET', `${V1}/tag?tag_name=${name}`)).body.data;
    const newTag = async (slug: string, text = '') => (await call(app(), 'POST', `${V1}/tag`, { token: admin, body: { slug_name: slug, display_name: slug, original_text: text } })).body.data;
    const ask = async (title: string, tags: string[]) => (await call(app(), 'POST', `${V1}/question`, { token: bob.token, body: { title, content: `${title}: what should I know about it?`, tags: tags.map((slug_name) => ({ slug_name })) } })).body.data.id as string;
    const tagsOf = async (id: string) => ((await call(app(), 'GET', `${V1}/question/info?id=${id}`, { token: bob.token })).body.data.tags as { slug_name: string }[]).map((t) => t.slug_name).sort();
    const listed = async (slug: string) => ((await call(app(), 'GET', `${V1}/question/page?page=1&page_size=20&tag=${slug}`)).body.data.list as { id: string }[]).map((q) => q.id).sort();
    const follows = async (token: string) => ((await call(app(), 'GET', `${V1}/tags/following`, { token })).body.data as { slug_name: string }[]).map((t) => t.slug_name).sort();
    const merge = (token: string, body: unknown) => call(app(), 'POST', `${V1}/tag/merge`, { token, body });

    it('refuses members, and unknown, self, synonym and missing ids with field errors', async (t) => {
      if (!site) return t.skip();
      const [a, b] = [await newTag('gin'), await newTag('genever')];
      expect((await merge('', { source_tag_id: a.tag_id, target_tag_id: b.tag_id })).status).toBe(401);
      const refused = await merge(bob.token, { source_tag_id: a.tag_id, target_tag_id: b.tag_id });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('Only moderators and administrators can merge tags.');
      await call(app(), 'PUT', `${V1}/tag/synonym`, { token: admin, body: { tag_id: b.tag_id, synonym_tag_list: [{ slug_name: 'jenever' }] } });
      const jenever = await tag('jenever');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ source_tag_id: '999999', target_tag_id: b.tag_id }, 'source_tag_id', 'Choose an existing tag to merge.'],
        [{ source_tag_id: a.tag_id, target_tag_id: '999999' }, 'target_tag_id', 'Choose an existing tag to merge into.'],
        [{ source_tag_id: a.tag_id, target_tag_id: a.tag_id }, 'target_tag_id', 'A tag cannot be merged into itself.'],
        [{ source_tag_id: a.tag_id, target_tag_id: jenever.tag_id }, 'target_tag_id', 'This tag is a synonym. Merge into its main tag instead.'],
        [{ source_tag_id: b.tag_id, target_tag_id: jenever.tag_id }, 'target_tag_id', 'This tag is a synonym. Merge into its main tag instead.'],
        [{ source_tag_id: jenever.tag_id, target_tag_id: a.tag_id }, 'source_tag_id', 'This tag is a synonym. Merge its main tag instead.'],
        [{ target_tag_id: a.tag_id }, 'source_tag_id', 'cannot be empty'],
      ];
      for (const [body, field, msg] of cases) {
        const r = await merge(mod.token, body);
        expect(r.status).toBe(400);
        expect(r.body.data).toContainEqual({ error_field: field, error_msg: msg });
      }
      const fr = await merge(admin, { source_tag_id: a.tag_id, target_tag_id: a.tag_id });
      expect(fr.status).toBe(400);
      expect((await call(app(), 'POST', `${V1}/tag/merge`, { token: admin, lang: 'fr_FR', body: { source_tag_id: a.tag_id, target_tag_id: a.tag_id } })).body.data).toEqual([{ error_field: 'target_tag_id', error_msg: 'Un tag ne peut pas être fusionné avec lui-même.' }]);
      expect((await call(app(), 'POST', `${V1}/tag/merge/undo`, { token: bob.token, body: { merge_id: '1' } })).status).toBe(403);
      expect((await call(app(), 'POST', `${V1}/tag/merge/undo`, { token: mod.token, body: { merge_id: '999999' } })).body.data).toEqual([{ error_field: 'merge_id', error_msg: 'This merge does not exist.' }]);
    });

    it('moves questions, followers, synonyms and the description; the old name leads to the target; undo restores exactly', async (t) => {
      if (!site) return t.skip();
      const src = await newTag('whisky', 'Distilled from **malted** grain.');
      const tgt = await newTag('whiskey');
      await call(app(), 'PUT', `${V1}/tag/synonym`, { token: admin, body: { tag_id: src.tag_id, synonym_tag_list: [{ slug_name: 'scotch' }] } });
      const q1 = await ask('Whisky storage upright', ['whisky']);
      const q2 = await ask('Whiskey versus whisky spelling', ['whisky', 'whiskey']);
      const q3 = await ask('Whiskey glass shapes', ['whiskey']);
      await call(app(), 'PUT', `${V1}/follow/tags`, { token: ann.token, body: { slug_name_list: ['whisky'] } });
      await call(app(), 'PUT', `${V1}/follow/tags`, { token: bob.token, body: { slug_name_list: ['whisky', 'whiskey'] } });
      expect(await tag('whisky')).toMatchObject({ question_count: 2, follow_count: 2 });
      expect(await listed('whiskey')).toEqual([q2, q3].sort());

      const done = await merge(mod.token, { source_tag_id: src.tag_id, target_tag_id: tgt.tag_id });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ source_tag_id: src.tag_id, target_tag_id: tgt.tag_id, question_count: 2, follower_count: 2, synonym_count: 1 });
      const target = await tag('whiskey');
      expect(target).toMatchObject({ question_count: 3, follow_count: 2, parsed_text: '<p>Distilled from <strong>malted</strong> grain.</p>\n', revision_count: 2 });
      expect((await tag('whisky')).main_tag_slug_name).toBe('whiskey');
      expect((await tag('scotch')).main_tag_slug_name).toBe('whiskey');
      expect(await tagsOf(q1)).toEqual(['whiskey']);
      expect(await tagsOf(q2)).toEqual(['whiskey']);
      expect(await listed('whiskey')).toEqual([q1, q2, q3].sort());
      expect(await listed('whisky')).toEqual([q1, q2, q3].sort());
      expect(await follows(ann.token)).toEqual(['whiskey']);
      expect(await follows(bob.token)).toEqual(['whiskey']);
      const suggest = (await call(app(), 'GET', `${V1}/question/tags?tag=whisky`)).body.data as { slug_name: string; main_tag_slug_name?: string }[];
      expect(suggest.length).toBeGreaterThan(0);
      const timeline = (await call(app(), 'GET', `${V1}/activity/timeline?object_id=${tgt.tag_id}`, { token: mod.token })).body.data.timeline as { activity_id: string; activity_type: string; reason: string; cancelled: boolean; user_info: { username: string } }[];
      expect(timeline[0]).toMatchObject({ activity_id: done.body.data.merge_id, activity_type: 'merged', reason: 'whisky', cancelled: false, user_info: { username: 'mod' } });
      const again = await merge(mod.token, { source_tag_id: src.tag_id, target_tag_id: tgt.tag_id });
      expect(again.body.data).toEqual([{ error_field: 'source_tag_id', error_msg: 'This tag is a synonym. Merge its main tag instead.' }]);

      const undo = await call(app(), 'POST', `${V1}/tag/merge/undo`, { token: admin, body: { merge_id: done.body.data.merge_id } });
      expect(undo.status).toBe(200);
      expect(await tag('whisky')).toMatchObject({ question_count: 2, follow_count: 2, main_tag_slug_name: '' });
      expect(await tag('whiskey')).toMatchObject({ question_count: 2, follow_count: 1, parsed_text: '' });
      expect((await tag('scotch')).main_tag_slug_name).toBe('whisky');
      expect(await tagsOf(q1)).toEqual(['whisky']);
      expect(await tagsOf(q2)).toEqual(['whiskey', 'whisky']);
      expect(await tagsOf(q3)).toEqual(['whiskey']);
      expect(await listed('whisky')).toEqual([q1, q2].sort());
      expect(await follows(ann.token)).toEqual(['whisky']);
      expect(await follows(bob.token)).toEqual(['whiskey', 'whisky']);
      const after = (await call(app(), 'GET', `${V1}/activity/timeline?object_id=${tgt.tag_id}`, { token: mod.token })).body.data.timeline as { activity_id: string; activity_type: string; cancelled: boolean }[];
      expect(after[0]).toMatchObject({ activity_type: 'merge_undone', reason: 'whisky' });
      const onSource = (await call(app(), 'GET', `${V1}/activity/timeline?object_id=${src.tag_id}`, { token: mod.token })).body.data.timeline as { activity_type: string; reason: string }[];
      expect(onSource[0]).toMatchObject({ activity_type: 'merge_undone', reason: 'whiskey' });
      expect(after.find((a) => a.activity_id === done.body.data.merge_id)).toMatchObject({ activity_type: 'merged', cancelled: true });
      const twice = await call(app(), 'POST', `${V1}/tag/merge/undo`, { token: admin, body: { merge_id: done.body.data.merge_id } });
      expect(twice.body.data).toEqual([{ error_field: 'merge_id', error_msg: 'This merge has already been undone.' }]);
    });

    it('keeps the target description when it has one, and merges again after an undo', async (t) => {
      if (!site) return t.skip();
      const src = await newTag('rum', 'From sugar cane.');
      const tgt = await newTag('rhum', 'Agricole, from cane juice.');
      const q = await ask('Rum aging in casks', ['rum']);
      const done = await merge(admin, { source_tag_id: src.tag_id, target_tag_id: tgt.tag_id });
      expect(done.status).toBe(200);
      expect(await tag('rhum')).toMatchObject({ parsed_text: '<p>Agricole, from cane juice.</p>\n', question_count: 1, revision_count: 1 });
      expect(await tag('rum')).toMatchObject({ parsed_text: '<p>From sugar cane.</p>\n', main_tag_slug_name: 'rhum', question_count: 0 });
      expect(await tagsOf(q)).toEqual(['rhum']);
      await call(app(), 'POST', `${V1}/tag/merge/undo`, { token: admin, body: { merge_id: done.body.data.merge_id } });
      expect(await tagsOf(q)).toEqual(['rum']);
      expect((await merge(admin, { source_tag_id: src.tag_id, target_tag_id: tgt.tag_id })).status).toBe(200);
      expect(await tagsOf(q)).toEqual(['rhum']);
    });
  });
}
