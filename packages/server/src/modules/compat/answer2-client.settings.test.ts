/**
 * Contract suite: the admin settings sections Answer 2.0.2's web client calls (siteinfo/{question, tag, advanced,
 * security, polices, users-settings}) and what it reads from GET /siteinfo. Each GET has 2.x's field names and
 * types; each PUT validates as 2.x's handler does, answers field errors in Answer's shape, and is seen through
 * 1.4's section that stores the same setting, and the other way round; a save is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, askQuestion, type TestUser } from '../comment/social.testkit.js';
import * as F from './answer2-client.fixtures.js';

const ADM = '/answer/admin/api';
const V1 = '/answer/api/v1';

const tag = (slug: string) => ({ slug_name: slug, display_name: slug });

/** Per 2.x section: a body to save through 2.x's call, the 1.4 section that must then show it, and what it shows. */
const TWO_TO_ONE: Array<[string, Record<string, unknown>, string, Record<string, unknown>]> = [
  ['question', { min_tags: 2, min_content: 20, restrict_answer: false }, 'write', { min_tags: 2, min_content: 20, restrict_answer: false }],
  ['tag', { reserved_tags: [tag('meta')], recommend_tags: [tag('support'), tag('meta')], required_tag: true }, 'write', { reserved_tags: [tag('meta')], recommend_tags: [tag('support')], required_tag: true }],
  ['advanced', { max_image_size: 3, max_attachment_size: 9, max_image_megapixel: 12, authorized_image_extensions: ['png', 'JPG'], authorized_attachment_extensions: ['zip'] }, 'write', { max_image_size: 3, max_attachment_size: 9, max_image_megapixel: 12, authorized_image_extensions: ['png', 'jpg'], authorized_attachment_extensions: ['zip'] }],
  ['security', { login_required: false, external_content_display: 'ask_before_display', check_update: false }, 'general', { check_update: false }],
  ['users-settings', { default_avatar: 'gravatar', gravatar_base_url: 'https://cdn.example.org/avatar/' }, 'users', { default_avatar: 'gravatar', gravatar_base_url: 'https://cdn.example.org/avatar/' }],
  ['polices', { terms_of_service_original_text: 'Be **kind**.', privacy_policy_original_text: 'We keep *little*.' }, 'legal', { terms_of_service_parsed_text: '<p>Be <strong>kind</strong>.</p>\n', privacy_policy_original_text: 'We keep *little*.' }],
];

/** Per 2.x section: a body refused by 2.x's rules, the field and the message (en_US). */
const REFUSED: Array<[string, Record<string, unknown>, string, string]> = [
  ['question', { min_tags: 6 }, 'min_tags', 'Minimum tags must be a whole number from 0 to 5.'],
  ['question', { min_content: 65536 }, 'min_content', 'Minimum body length must be a whole number from 0 to 65535.'],
  ['tag', { recommend_tags: [tag('no-such-tag')] }, 'recommend_tags.0.slug_name', 'Tag "no-such-tag" does not exist.'],
  ['tag', { required_tag: true, recommend_tags: [] }, 'recommend_tags', 'Add at least one recommended tag before requiring one.'],
  ['advanced', { max_image_size: 0 }, 'max_image_size', 'is invalid'],
  ['security', { login_required: true }, 'external_content_display', 'Choose always display or ask before display.'],
  ['security', { external_content_display: 'never' }, 'external_content_display', 'Choose always display or ask before display.'],
  ['users-settings', { default_avatar: 'robot' }, 'default_avatar', 'Choose system or Gravatar.'],
  ['users-settings', { default_avatar: 'system', gravatar_base_url: 'ftp://x' }, 'gravatar_base_url', 'Gravatar base URL must be an http or https URL.'],
  ['polices', { terms_of_service_original_text: 'x'.repeat(65537) }, 'terms_of_service_original_text', 'Text cannot be longer than 65536 characters.'],
];

for (const dialect of DIALECTS) {
  describe(`Answer 2.0.2 client settings on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let member: TestUser;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      member = await activeUser(site.app, 'member');
      for (const slug of ['support', 'meta']) await askQuestion(site.app, admin, `A question tagged ${slug}?`, slug);
    });
    afterAll(async () => site?.close());
    const get = async (section: string, token = admin) => {
      const r = await call(site!.app, 'GET', `${ADM}/siteinfo/${section}`, { token });
      expect(r.status, `${section}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      return r.body.data as Record<string, unknown>;
    };
    const put = (section: string, body: unknown, token = admin) => call(site!.app, 'PUT', `${ADM}/siteinfo/${section}`, { token, body });

    it('answers each 2.x section with its field names and types, to admins only', async (t) => {
      if (!site) return t.skip();
      const problems: string[] = [];
      for (const [section, shape] of Object.entries(F.V2_SECTIONS)) problems.push(...F.mismatches(await get(section), shape, section));
      expect(problems).toEqual([]);
      expect(await get('security')).toEqual({ login_required: false, external_content_display: 'always_display', check_update: true });
      for (const section of Object.keys(F.V2_SECTIONS)) {
        expect((await call(site.app, 'GET', `${ADM}/siteinfo/${section}`, { token: member.token })).status, section).toBe(403);
        expect((await put(section, {}, member.token)).status, section).toBe(403);
      }
    });

    for (const [section, body, oldSection, seen] of TWO_TO_ONE) {
      it(`saves ${section} through 2.x's call, seen by 1.4's ${oldSection}, and 1.4's save is seen by 2.x's`, async (t) => {
        if (!site) return t.skip();
        const r = await put(section, body);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(await get(oldSection)).toMatchObject(seen);
        // And back: a 1.4 save of the same setting shows in the 2.x section.
        const old = await get(oldSection);
        const change: Record<string, Record<string, unknown>> = {
          write: { ...old, min_tags: 0, required_tag: false, reserved_tags: [], max_image_size: 5 },
          general: { ...old, check_update: true },
          users: { ...old, default_avatar: 'system' },
          legal: { terms_of_service_original_text: 'Play fair.', privacy_policy_original_text: '' },
        };
        expect((await put(oldSection, change[oldSection])).status).toBe(200);
        const now = await get(section);
        const want: Record<string, Record<string, unknown>> = {
          question: { min_tags: 0, min_content: 20, restrict_answer: false },
          tag: { reserved_tags: [], recommend_tags: [tag('support')], required_tag: false },
          advanced: { max_image_size: 5, max_attachment_size: 9 },
          security: { check_update: true, external_content_display: 'ask_before_display' },
          'users-settings': { default_avatar: 'system', gravatar_base_url: 'https://cdn.example.org/avatar/' },
          polices: { terms_of_service_original_text: 'Play fair.', terms_of_service_parsed_text: '<p>Play fair.</p>\n', privacy_policy_parsed_text: '' },
        };
        expect(now).toMatchObject(want[section]!);
      });
    }

    it('makes the site private through 2.x\'s security section, as 1.4\'s login section does', async (t) => {
      if (!site) return t.skip();
      expect((await put('security', { login_required: true, external_content_display: 'always_display', check_update: true })).status).toBe(200);
      expect((await get('login')).login_required).toBe(true);
      expect((await call(site.app, 'GET', `${V1}/question/page`)).status).toBe(401);
      const info = (await call(site.app, 'GET', `${V1}/siteinfo`)).body.data;
      expect(info.site_security).toEqual({ login_required: true, external_content_display: 'always_display', check_update: true });
      expect((await put('login', { ...(await get('login')), login_required: false })).status).toBe(200);
      expect((await get('security')).login_required).toBe(false);
      expect((await call(site.app, 'GET', `${V1}/question/page`)).status).toBe(200);
    });

    it('keeps the private-site and update-check settings when 2.x\'s general and login saves leave them out', async (t) => {
      if (!site) return t.skip();
      expect((await put('security', { login_required: true, external_content_display: 'always_display', check_update: false })).status).toBe(200);
      // 2.x's general and login forms carry neither field (they moved to its security section).
      const { check_update: _c, ...general } = await get('general');
      const { login_required: _l, ...login } = await get('login');
      expect((await put('general', general)).status).toBe(200);
      expect((await put('login', { ...login, require_email_verification: true })).status).toBe(200);
      expect(await get('security')).toMatchObject({ login_required: true, check_update: false });
      expect((await put('security', { login_required: false, external_content_display: 'always_display', check_update: true })).status).toBe(200);
    });

    it('refuses what 2.x\'s handlers refuse, with field errors in Answer\'s shape, and saves nothing', async (t) => {
      if (!site) return t.skip();
      for (const [section, body, field, msg] of REFUSED) {
        const was = await get(section);
        const r = await put(section, body);
        expect(r.status, section).toBe(400);
        expect(r.body.data, section).toContainEqual({ error_field: field, error_msg: msg });
        expect(await get(section), section).toEqual(was);
      }
      expect((await put('question', 'not json')).status).toBe(400);
    });

    it('serves GET /siteinfo with the sections 2.x\'s client reads, views of the same settings', async (t) => {
      if (!site) return t.skip();
      await put('question', { min_tags: 1, min_content: 5, restrict_answer: true });
      await put('tag', { reserved_tags: [], recommend_tags: [tag('support')], required_tag: true });
      const info = (await call(site.app, 'GET', `${V1}/siteinfo`)).body.data;
      expect(F.mismatches(info, F.V2_SITEINFO, 'siteinfo')).toEqual([]);
      expect(info.site_questions).toEqual(await get('question'));
      expect(info.site_tags).toEqual(await get('tag'));
      expect(info.site_advanced).toEqual(await get('advanced'));
      expect(info.users_settings).toEqual(await get('users-settings'));
      expect(info.site_security).toEqual(await get('security'));
      expect(info.site_legal).toEqual({ external_content_display: (await get('security')).external_content_display });
      expect([info.ai_enabled, info.mcp_enabled]).toEqual([false, true]);
      // 1.4's client keeps its fields.
      expect(info.site_write).toMatchObject({ min_tags: 1, min_content: 5, required_tag: true, recommend_tags: [tag('support')] });
    });

    it('records a 2.x save in the audit log under its section', async (t) => {
      if (!site) return t.skip();
      await put('advanced', { max_image_size: 7 });
      const dash = (await call(site.app, 'GET', `${ADM}/dashboard`, { token: admin })).body.data.info;
      const entry = dash.recent_actions.find((a: { action: string }) => a.action === 'settings.advanced');
      expect(entry).toMatchObject({ target_type: 'settings', target_id: 'advanced', operator: { username: 'admin' } });
      expect(entry.changes.max_image_size[1]).toBe(7);
    });
  });
}
