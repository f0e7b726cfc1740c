import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { getSettings, saveSection } from '../siteinfo/index.js';
import { multipart } from '../comment/social.testkit.js';
import { issueLink } from './index.js';

const V1 = '/answer/api/v1';
/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const NOT_UPLOADED = 'Use an image uploaded to this site as your avatar; images from other sites cannot be used.';

for (const dialect of DIALECTS) {
  describe(`user settings on ${dialect}`, () => {
    let site: TestSite | undefined;
    let dora = { token: '', id: '' };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      dora = await registerUser(site.app, 'dora');
      await registerUser(site.app, 'dorian');
      await registerUser(site.app, 'd_o');
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;

    it('refuses profile changes the site user policy does not allow, and applies allowed ones', async (t) => {
      if (!site) return t.skip();
      const ctx = app().quorum;
      const s = await getSettings(ctx);
      const locked = { allow_update_avatar: false, allow_update_bio: false, allow_update_display_name: false, allow_update_location: false, allow_update_username: false, allow_update_website: false };
      await saveSection(ctx, 'site_users', { ...s.site_users, ...locked });
      // Unchanged values are fine even when the policy forbids changes (the form sends every field).
      const same = await call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, body: { display_name: 'dora', username: 'dora', bio: '', website: '', location: '' } });
      expect(same.status).toBe(200);
      const refused = await call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, body: { display_name: 'Dora X', location: 'Oslo' } });
      expect(refused.body.data).toEqual([
        { error_field: 'display_name', error_msg: 'This site does not allow changing this field.' },
        { error_field: 'location', error_msg: 'This site does not allow changing this field.' },
      ]);
      await saveSection(ctx, 'site_users', { ...s.site_users, allow_update_avatar: true, allow_update_bio: true, allow_update_display_name: true, allow_update_location: true, allow_update_username: true, allow_update_website: true });
      try {
        const bad = await call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, body: { display_name: 'x'.repeat(31), username: 'Bad Name', website: 'not a url' } });
        expect(bad.body.data).toEqual([
          { error_field: 'display_name', error_msg: 'Display name cannot be longer than 30 characters.' },
          { error_field: 'username', error_msg: 'Username can only contain a-z, 0-9, and "- . _".' },
          { error_field: 'website', error_msg: 'Website must be a valid http or https URL.' },
        ]);
        const taken = await call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, body: { username: 'dorian' } });
        expect(taken.body.data).toEqual([{ error_field: 'username', error_msg: 'Username is already in use.' }]);
        const good = await call(app(), 'PUT', `${V1}/user/info`, {
          token: dora.token,
          body: { display_name: 'Dora Explorer', username: 'dora.x', bio: 'Hello **world** <script>x</script>', website: 'https://dora.example', location: 'Oslo', avatar: { type: 'custom', custom: '/uploads/avatar/a.png' } },
        });
        expect(good.status).toBe(200);
        const info = (await call(app(), 'GET', `${V1}/user/info`, { token: dora.token })).body.data;
        expect(info).toMatchObject({ display_name: 'Dora Explorer', username: 'dora.x', website: 'https://dora.example', location: 'Oslo', avatar: { type: 'custom', custom: '/uploads/avatar/a.png' } });
        expect(info.bio_html).toContain('<strong>world</strong>');
        expect(info.bio_html).not.toContain('<script>');
        const grav = await call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, body: { avatar: { type: 'gravatar' } } });
        expect(grav.status).toBe(200);
        expect((await call(app(), 'GET', `${V1}/user/info`, { token: dora.token })).body.data.avatar.gravatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}$/);
        const noUrl = await call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, body: { avatar: { type: 'custom', custom: 'javascript:alert(1)' } } });
        expect(noUrl.body.data[0].error_field).toBe('avatar');
        // Answer's client saves the profile with its own name of the system avatar: `default`.
        const answerClient = await call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, body: { display_name: 'Dora Explorer', avatar: { type: 'default', gravatar: '', custom: '' } } });
        expect(answerClient.status).toBe(200);
        expect((await call(app(), 'GET', `${V1}/user/info`, { token: dora.token })).body.data.avatar).toMatchObject({ type: 'system', custom: '' });
      } finally {
        await saveSection(ctx, 'site_users', s.site_users);
      }
    });

    it('takes a custom avatar only from the site\'s own uploads, and shows stored outside avatars to no one', async (t) => {
      if (!site) return t.skip();
      const ctx = app().quorum;
      const s = await getSettings(ctx);
      const avatarOf = (avatar: Record<string, string>, lang?: string) => call(app(), 'PUT', `${V1}/user/info`, { token: dora.token, lang, body: { avatar } });
      const mine = async () => (await call(app(), 'GET', `${V1}/user/info`, { token: dora.token })).body.data;
      const seenByOthers = async () => {
        const username = (await mine()).username as string;
        const personal = (await call(app(), 'GET', `${V1}/personal/user/info?username=${username}`)).body.data;
        const page = await app().inject({ method: 'GET', url: `/users/${username}` });
        return { avatar: personal.avatar as string, page: page.body };
      };
      await saveSection(ctx, 'site_users', { ...s.site_users, allow_update_avatar: true });
      try {
        const { payload, headers } = multipart({ source: 'avatar' }, { name: 'me.png', type: 'image/png', data: PIXEL_PNG });
        const uploaded = await app().inject({ method: 'POST', url: `${V1}/file`, payload, headers: { ...headers, authorization: dora.token } });
        const url = uploaded.json().data as string;
        expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
        expect((await avatarOf({ type: 'custom', custom: url })).status).toBe(200);
        expect((await mine()).avatar).toMatchObject({ type: 'custom', custom: url });
        expect((await seenByOthers()).avatar).toBe(url);
        // The site's own absolute URL of an upload (Answer's client sends those) is kept as the path.
        expect((await avatarOf({ type: 'custom', custom: `http://localhost:9080${url}` })).status).toBe(200);
        expect((await mine()).avatar.custom).toBe(url);

        for (const outside of [
          'https://tracker.example/pixel.png',
          'https://tracker.example/uploads/2026/01/a.png',
          '//tracker.example/uploads/2026/01/a.png',
          'http://localhost:9080.tracker.example/uploads/a.png',
          'http://localhost:9080@tracker.example/uploads/a.png',
          '/uploads/../answer/api/v1/user/logout',
          '/uploads/.hidden.png',
          '/questions/1',
          '/uploads/',
        ]) {
          const r = await avatarOf({ type: 'custom', custom: outside });
          expect([outside, r.status, r.body.data]).toEqual([outside, 400, [{ error_field: 'avatar', error_msg: NOT_UPLOADED }]]);
        }
        const zh = await avatarOf({ type: 'custom', custom: 'https://tracker.example/pixel.png' }, 'zh-CN');
        expect(zh.body.data).toEqual([{ error_field: 'avatar', error_msg: '请使用上传到本站的图片作为头像，不能使用其他网站的图片。' }]);
        expect((await mine()).avatar.custom).toBe(url);

        // Avatars stored before the rule (or imported) that point elsewhere are shown as no avatar: the site's default.
        const users = ctx.database!.kysely;
        for (const stored of [JSON.stringify({ type: 'custom', gravatar: '', custom: 'https://tracker.example/old.png' }), 'https://tracker.example/raw.png']) {
          await users.updateTable('users').set({ avatar: stored }).where('id', '=', dora.id).execute();
          expect((await mine()).avatar).toEqual({ type: '', gravatar: '', custom: '' });
          const others = await seenByOthers();
          expect(others.avatar).toBe('');
          expect(others.page).not.toContain('tracker.example');
          const listed = (await call(app(), 'GET', `${V1}/user/info/search?username=dora`, { token: dora.token })).body.data;
          expect(JSON.stringify(listed)).not.toContain('tracker.example');
        }
        // Saving the profile as it shows (the system avatar) is no change, so a policy that locks avatars allows it.
        await saveSection(ctx, 'site_users', { ...s.site_users, allow_update_avatar: false });
        expect((await avatarOf({ type: 'system' })).status).toBe(200);
      } finally {
        await saveSection(ctx, 'site_users', s.site_users);
      }
    });

    it('stores interface choices', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'PUT', `${V1}/user/interface`, { token: dora.token, body: { language: 'zh_CN', color_scheme: 'dark' } })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: dora.token })).body.data).toMatchObject({ language: 'zh_CN', color_scheme: 'dark' });
      expect((await call(app(), 'PUT', `${V1}/user/interface`, { token: dora.token, body: { language: 'xx_XX', color_scheme: 'dark' } })).status).toBe(400);
      expect((await call(app(), 'PUT', `${V1}/user/interface`, { token: dora.token, body: { language: 'Default', color_scheme: 'default' } })).status).toBe(200);
    });

    it('keeps the three notification options and turns them off through an unsubscribe link', async (t) => {
      if (!site) return t.skip();
      const get = () => call(app(), 'GET', `${V1}/user/notification/config`, { token: dora.token });
      expect((await get()).body.data).toEqual({
        inbox: { key: 'email', enable: true },
        all_new_question: { key: 'email', enable: false },
        all_new_question_for_following_tags: { key: 'email', enable: false, frequency: 'instant' },
        mailing_list: { key: 'email', enable: false },
      });
      await call(app(), 'PUT', `${V1}/user/notification/config`, { token: dora.token, body: { all_new_question: { key: 'email', enable: true }, all_new_question_for_following_tags: { enable: true } } });
      expect((await get()).body.data).toMatchObject({ inbox: { enable: true }, all_new_question: { enable: true }, all_new_question_for_following_tags: { enable: true } });
      const link = await issueLink(app().quorum, dora.id, 'unsubscribe');
      expect(link).toMatch(/^http:\/\/localhost:9080\/users\/unsubscribe\?code=/);
      const code = decodeURIComponent(link.split('code=')[1]!);
      expect((await call(app(), 'PUT', `${V1}/user/notification/unsubscribe`, { body: { code } })).status).toBe(200);
      expect((await get()).body.data).toMatchObject({ inbox: { enable: false }, all_new_question: { enable: false }, all_new_question_for_following_tags: { enable: false } });
      expect((await call(app(), 'PUT', `${V1}/user/notification/unsubscribe`, { body: { code: 'nope' } })).body.data).toEqual({ type: 'url_expired' });
    });

    it('finds users by username prefix for @mentions, at most 10, and lists no connectors', async (t) => {
      if (!site) return t.skip();
      const r = await call(app(), 'GET', `${V1}/user/info/search?username=dor`, { token: dora.token });
      expect(r.body.data.map((u: { username: string }) => u.username)).toEqual(['dora.x', 'dorian']);
      expect(r.body.data[0]).toMatchObject({ id: dora.id, display_name: 'Dora Explorer' });
      // '_' is matched literally, not as a wildcard.
      expect((await call(app(), 'GET', `${V1}/user/info/search?username=d_`, { token: dora.token })).body.data.map((u: { username: string }) => u.username)).toEqual(['d_o']);
      expect((await call(app(), 'GET', `${V1}/user/info/search?username=`, { token: dora.token })).body.data).toEqual([]);
      expect((await call(app(), 'GET', `${V1}/user/info/search?username=dor`)).status).toBe(401);
      expect((await call(app(), 'GET', `${V1}/connector/user/info`, { token: dora.token })).body.data).toEqual([]);
    });
  });
}
