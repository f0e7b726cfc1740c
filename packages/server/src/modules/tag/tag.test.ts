import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`tags on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let bob = { token: '', id: '' };
    let mod = { token: '', id: '' };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      bob = await registerUser(site.app, 'bob');
      mod = await registerUser(site.app, 'mod');
      await site.app.quorum.database!.kysely.updateTable('users').set({ role_id: 3 }).where('id', '=', mod.id).execute();
      await site.app.quorum.database!.kysely.updateTable('users').set({ mail_status: 1 }).where('id', 'in', [bob.id, mod.id]).execute();
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const setRank = (id: string, rank: number) => site!.app.quorum.database!.kysely.updateTable('users').set({ rank }).where('id', '=', id).execute();
    const tag = async (name: string) => (await call(app(), 'GET', `${V1}/tag?tag_name=${name}`)).body.data;

    it('lets moderators and admins create tags, not normal users, with validation messages', async (t) => {
      if (!site) return t.skip();
      const body = { slug_name: 'Lager', display_name: 'Lager', original_text: 'Bottom-fermented **beer**.' };
      expect((await call(app(), 'POST', `${V1}/tag`, { body })).status).toBe(401);
      const refused = await call(app(), 'POST', `${V1}/tag`, { token: bob.token, body });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('Only moderators and administrators can create tags.');
      const created = await call(app(), 'POST', `${V1}/tag`, { token: mod.token, body });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ slug_name: 'lager', display_name: 'Lager', parsed_text: '<p>Bottom-fermented <strong>beer</strong>.</p>\n', question_count: 0, status: 'available', revision_count: 1 });
      expect((await call(app(), 'POST', `${V1}/tag`, { token: admin, body: { slug_name: 'stout', display_name: 'Stout' } })).status).toBe(200);
      const dup = await call(app(), 'POST', `${V1}/tag`, { token: admin, body });
      expect(dup.body.data).toEqual([{ error_field: 'slug_name', error_msg: 'A tag with this slug already exists.' }]);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ slug_name: '', display_name: 'x' }, 'slug_name', 'Tag cannot be empty.'],
        [{ slug_name: 'x'.repeat(36), display_name: 'x' }, 'slug_name', 'Tag cannot be longer than 35 characters.'],
        [{ slug_name: 'bad slug!', display_name: 'x' }, 'slug_name', 'Tags may contain letters, digits and the characters "+ # - . _" only.'],
        [{ slug_name: 'ok', display_name: '' }, 'display_name', 'Display name cannot be empty.'],
        [{ slug_name: 'ok' }, 'display_name', 'Display name cannot be empty.'],
        [{ slug_name: 'ok', display_name: 'y'.repeat(36) }, 'display_name', 'Display name cannot be longer than 35 characters.'],
      ];
      for (const [b, field, msg] of cases) {
        const r = await call(app(), 'POST', `${V1}/tag`, { token: admin, body: b });
        expect(r.status).toBe(400);
        expect(r.body.data).toContainEqual({ error_field: field, error_msg: msg });
      }
      const zh = await call(app(), 'POST', `${V1}/tag`, { token: admin, lang: 'zh_CN', body: { slug_name: 'ok' } });
      expect(zh.body.data).toContainEqual({ error_field: 'display_name', error_msg: '显示名称不能为空。' });
    });

    it('lists, filters as you type, orders, and reads tags by id, name and slug list', async (t) => {
      if (!site) return t.skip();
      await call(app(), 'POST', `${V1}/question`, { token: bob.token, body: { title: 'Lager temperature', content: 'How cold?', tags: [{ slug_name: 'lager' }] } });
      const popular = await call(app(), 'GET', `${V1}/tags/page?page=1&page_size=10&query_cond=popular`);
      expect(popular.status).toBe(200);
      expect(popular.body.data.list[0]).toMatchObject({ slug_name: 'lager', question_count: 1, is_follower: false });
      expect(popular.body.data.count).toBe(3);
      const byName = await call(app(), 'GET', `${V1}/tags/page?query_cond=name`);
      expect(byName.body.data.list.map((x: { slug_name: string }) => x.slug_name)).toEqual(['lager', 'stout', 'support']);
      const newest = await call(app(), 'GET', `${V1}/tags/page?query_cond=newest&page_size=1`);
      expect(newest.body.data).toMatchObject({ count: 3, list: [{ slug_name: 'stout' }] });
      const typed = await call(app(), 'GET', `${V1}/tags/page?slug_name=St`);
      expect(typed.body.data.list.map((x: { slug_name: string }) => x.slug_name)).toEqual(['stout']);
      expect((await call(app(), 'GET', `${V1}/tags/page?slug_name=%25`)).body.data.count).toBe(0);
      expect((await call(app(), 'GET', `${V1}/tags/page?query_cond=best`)).status).toBe(400);
      const lager = await tag('lager');
      expect((await call(app(), 'GET', `${V1}/tag?tag_id=${lager.tag_id}`)).body.data.slug_name).toBe('lager');
      expect((await call(app(), 'GET', `${V1}/tag?tag_name=nope`)).status).toBe(404);
      const several = await call(app(), 'GET', `${V1}/tags?tags=stout,lager,nope`);
      expect(several.body.data.map((x: { slug_name: string }) => x.slug_name)).toEqual(['stout', 'lager']);
      const repeated = await call(app(), 'GET', `${V1}/tags?tags=stout&tags=lager`);
      expect(repeated.body.data).toHaveLength(2);
    });

    it('edits: below tag.edit 403, below edit-without-review a pending revision, above it applied', async (t) => {
      if (!site) return t.skip();
      const stout = await tag('stout');
      const edit = (token: string, display_name: string) => call(app(), 'PUT', `${V1}/tag`, { token, body: { tag_id: stout.tag_id, slug_name: 'stout', display_name, original_text: 'Dark beer.', edit_summary: 'desc' } });
      expect((await edit(bob.token, 'Stouts')).status).toBe(403);
      await setRank(bob.id, 60);
      const pending = await edit(bob.token, 'Stouts');
      expect(pending.status).toBe(200);
      expect(pending.body.data).toEqual({ wait_for_review: true });
      expect(await tag('stout')).toMatchObject({ display_name: 'Stout', revision_count: 2 });
      const rev = await site.app.quorum.database!.kysely.selectFrom('revisions').selectAll().where('object_id', '=', stout.tag_id).where('status', '=', 1).execute();
      expect(rev).toHaveLength(1);
      await setRank(bob.id, 20000);
      expect((await edit(bob.token, 'Stouts')).body.data).toEqual({ wait_for_review: false });
      expect(await tag('stout')).toMatchObject({ display_name: 'Stouts', parsed_text: '<p>Dark beer.</p>\n', revision_count: 3 });
      const taken = await call(app(), 'PUT', `${V1}/tag`, { token: admin, body: { tag_id: stout.tag_id, slug_name: 'lager', display_name: 'x' } });
      expect(taken.body.data).toEqual([{ error_field: 'slug_name', error_msg: 'A tag with this slug already exists.' }]);
      await setRank(bob.id, 1);
    });

    it('deletes only unused tags (staff only) and recovers them', async (t) => {
      if (!site) return t.skip();
      const lager = await tag('lager');
      const stout = await tag('stout');
      expect((await call(app(), 'DELETE', `${V1}/tag`, { token: bob.token, body: { tag_id: stout.tag_id } })).status).toBe(403);
      const used = await call(app(), 'DELETE', `${V1}/tag`, { token: admin, body: { tag_id: lager.tag_id } });
      expect(used.status).toBe(400);
      expect(used.body).toMatchObject({ reason: 'error.tag.is_used', msg: 'This tag is used by questions and cannot be deleted.', data: { err_type: 'toast' } });
      expect((await call(app(), 'DELETE', `${V1}/tag`, { token: mod.token, body: { tag_id: stout.tag_id } })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/tag?tag_name=stout`)).status).toBe(404);
      expect((await call(app(), 'GET', `${V1}/tag?tag_name=stout`, { token: admin })).body.data).toMatchObject({ status: 'deleted', member_actions: [{ action: 'undelete' }] });
      expect((await call(app(), 'POST', `${V1}/tag/recover`, { token: bob.token, body: { tag_id: stout.tag_id } })).status).toBe(403);
      expect((await call(app(), 'POST', `${V1}/tag/recover`, { token: admin, body: { tag_id: stout.tag_id } })).status).toBe(200);
      expect((await tag('stout')).status).toBe('available');
    });

    it('synonyms: privilege needed, questions move to the main tag, asking with a synonym files under it', async (t) => {
      if (!site) return t.skip();
      const lager = await tag('lager');
      const q = await call(app(), 'POST', `${V1}/question`, { token: admin, body: { title: 'Pilsner or lager?', content: 'What is the difference?', tags: [{ slug_name: 'pilsner' }, { slug_name: 'lager' }] } });
      expect(q.status).toBe(200);
      const set = (token: string, list: string[]) => call(app(), 'PUT', `${V1}/tag/synonym`, { token, body: { tag_id: lager.tag_id, synonym_tag_list: list.map((slug_name) => ({ slug_name })) } });
      expect((await set(bob.token, ['pilsner'])).status).toBe(403);
      expect((await set(admin, ['pilsner', 'lagers'])).status).toBe(200);
      const syn = await call(app(), 'GET', `${V1}/tag/synonyms?tag_id=${lager.tag_id}`, { token: admin });
      expect(syn.body.data.synonyms.map((s: { slug_name: string; main_tag_slug_name: string }) => [s.slug_name, s.main_tag_slug_name])).toEqual([['lagers', 'lager'], ['pilsner', 'lager']]);
      expect(syn.body.data.member_actions).toHaveLength(1);
      expect((await tag('pilsner')).main_tag_slug_name).toBe('lager');
      expect(await tag('lager')).toMatchObject({ question_count: 2 });
      expect((await tag('pilsner')).question_count).toBe(0);
      const info = await call(app(), 'GET', `${V1}/question/info?id=${q.body.data.id}`);
      expect(info.body.data.tags.map((x: { slug_name: string }) => x.slug_name)).toEqual(['lager']);
      const viaSynonym = await call(app(), 'POST', `${V1}/question`, { token: bob.token, body: { title: 'Pilsner yeast', content: 'Which strain?', tags: [{ slug_name: 'Pilsner' }] } });
      expect(viaSynonym.status).toBe(200);
      expect(viaSynonym.body.data.tags.map((x: { slug_name: string }) => x.slug_name)).toEqual(['lager']);
      expect((await call(app(), 'GET', `${V1}/question/page?tag=pilsner`)).body.data.count).toBe(3);
      const pilsner = await tag('pilsner');
      expect((await call(app(), 'PUT', `${V1}/tag/synonym`, { token: admin, body: { tag_id: pilsner.tag_id, synonym_tag_list: [] } })).status).toBe(400);
      expect((await set(admin, ['pilsner'])).status).toBe(200);
      expect((await tag('lagers')).main_tag_slug_name).toBe('');
    });

    it('follows: replaces the followed set and keeps follow counts', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'GET', `${V1}/tags/following`)).status).toBe(401);
      const put = (list: string[]) => call(app(), 'PUT', `${V1}/follow/tags`, { token: bob.token, body: { slug_name_list: list } });
      expect((await put(['lager', 'stout', 'nope'])).status).toBe(200);
      let following = await call(app(), 'GET', `${V1}/tags/following`, { token: bob.token });
      expect(following.body.data.map((x: { slug_name: string }) => x.slug_name)).toEqual(['lager', 'stout']);
      expect(following.body.data[0]).toMatchObject({ tag_id: expect.any(String), display_name: 'Lager', main_tag_slug_name: '', recommend: false, reserved: false });
      expect((await tag('lager')).follow_count).toBe(1);
      expect((await call(app(), 'GET', `${V1}/tag?tag_name=lager`, { token: bob.token })).body.data.is_follower).toBe(true);
      expect((await put(['stout', 'support'])).status).toBe(200);
      following = await call(app(), 'GET', `${V1}/tags/following`, { token: bob.token });
      expect(following.body.data.map((x: { slug_name: string }) => x.slug_name)).toEqual(['stout', 'support']);
      expect((await tag('lager')).follow_count).toBe(0);
      expect((await tag('stout')).follow_count).toBe(1);
      const page = await call(app(), 'GET', `${V1}/tags/page?query_cond=name`, { token: bob.token });
      expect(page.body.data.list.find((x: { slug_name: string }) => x.slug_name === 'support').is_follower).toBe(true);
      expect((await put([])).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/tags/following`, { token: bob.token })).body.data).toEqual([]);
    });

    it('enforces the write settings when asking: reserved tags and a required recommended tag', async (t) => {
      if (!site) return t.skip();
      const { saveSection, getSettings } = await import('../siteinfo/index.js');
      const s = await getSettings(site.app.quorum);
      await saveSection(site.app.quorum, 'site_write', { ...s.site_write, required_tag: true, recommend_tags: [{ slug_name: 'support', display_name: 'support' }], reserved_tags: [{ slug_name: 'stout', display_name: 'stout' }] });
      const ask = (token: string, tags: string[]) => call(app(), 'POST', `${V1}/question`, { token, body: { title: 'Write settings check', content: 'Body text here', tags: tags.map((slug_name) => ({ slug_name })) } });
      const noRecommended = await ask(bob.token, ['lager']);
      expect(noRecommended.body.data).toEqual([{ error_field: 'tags', error_msg: 'Add at least one recommended tag.' }]);
      const reserved = await ask(bob.token, ['support', 'stout']);
      expect(reserved.body.data).toEqual([{ error_field: 'tags', error_msg: 'Only moderators can use reserved tags.' }]);
      expect((await ask(mod.token, ['support', 'stout'])).status).toBe(200);
      const okay = await ask(bob.token, ['support', 'lager']);
      expect(okay.status).toBe(200);
      expect(okay.body.data.tags.find((x: { slug_name: string }) => x.slug_name === 'support').recommend).toBe(true);
      expect((await tag('stout')).reserved).toBe(true);
      await saveSection(site.app.quorum, 'site_write', s.site_write);
    });
  });
}
