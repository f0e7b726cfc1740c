import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const ADM = '/answer/admin/api/siteinfo';
const V1 = '/answer/api/v1';

/** A valid body per section and the fields GET must then return. */
const ROUND_TRIP: Record<string, Record<string, unknown>> = {
  general: { name: 'Brewers', short_description: 'Beer talk', description: 'Questions about brewing beer.', site_url: 'https://brew.example.org/', contact_email: 'hello@brew.example.org', check_update: false },
  interface: { language: 'zh_CN', time_zone: 'Asia/Shanghai' },
  branding: { logo: '/uploads/branding/logo.png', mobile_logo: '', square_icon: 'https://cdn.example.org/icon.png', favicon: '' },
  write: { restrict_answer: false, required_tag: true, recommend_tags: [{ slug_name: 'support', display_name: 'support' }], reserved_tags: [], max_image_size: 2 },
  legal: { terms_of_service_original_text: '# Terms\n\nBe **kind**.', privacy_policy_original_text: 'We keep *little*.' },
  seo: { permalink: 2, robots: 'User-agent: *\nDisallow: /admin\n' },
  theme: { theme: 'default', color_scheme: 'dark', theme_config: { default: { navbar_style: 'light', primary_color: '#AA3300' } } },
  'custom-css-html': { custom_css: 'body { color: red; }', custom_head: '<meta name="x" content="y">', custom_header: '', custom_footer: '<p>footer</p>', custom_sidebar: '' },
  login: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false, allow_email_domains: ['Example.com', ''] },
  users: { allow_update_display_name: true, allow_update_username: false, allow_update_avatar: false, allow_update_bio: true, allow_update_website: true, allow_update_location: true, default_avatar: 'gravatar', gravatar_base_url: 'https://www.gravatar.com/avatar/' },
};

const EXPECTED: Record<string, Record<string, unknown>> = {
  general: { ...ROUND_TRIP.general, site_url: 'https://brew.example.org' },
  write: { restrict_answer: false, required_tag: true, recommend_tags: [{ slug_name: 'support', display_name: 'support' }], reserved_tags: [], max_image_size: 2, max_attachment_size: 8 },
  legal: { terms_of_service_original_text: '# Terms\n\nBe **kind**.', terms_of_service_parsed_text: '<h1>Terms</h1>\n<p>Be <strong>kind</strong>.</p>\n', privacy_policy_parsed_text: '<p>We keep <em>little</em>.</p>\n' },
  theme: { ...ROUND_TRIP.theme, theme_options: [{ label: 'Default', value: 'default' }] },
  login: { ...ROUND_TRIP.login, allow_email_domains: ['example.com'] },
};

for (const dialect of DIALECTS) {
  describe(`admin settings on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const get = async (section: string) => (await call(app(), 'GET', `${ADM}/${section}`, { token: admin })).body.data;
    const put = (section: string, body: unknown, lang?: string) => call(app(), 'PUT', `${ADM}/${section}`, { token: admin, body, lang });

    it('starts from the install defaults, members allowed to edit their profile', async (t) => {
      if (!site) return t.skip();
      expect(await get('users')).toMatchObject({ allow_update_avatar: true, allow_update_bio: true, allow_update_display_name: true, allow_update_location: true, allow_update_username: true, allow_update_website: true, default_avatar: 'system' });
      expect(await get('general')).toMatchObject({ name: 'Test Site', site_url: 'http://localhost:9080', contact_email: 'contact@example.com' });
      expect((await call(app(), 'GET', '/answer/admin/api/language/options', { token: admin })).body.data).toEqual(expect.arrayContaining([{ label: 'English', value: 'en_US' }, { label: '中文(CN)', value: 'zh_CN' }]));
      expect((await call(app(), 'GET', '/answer/admin/api/theme/options', { token: admin })).body.data).toEqual([{ label: 'Default', value: 'default' }]);
    });

    for (const [section, body] of Object.entries(ROUND_TRIP)) {
      it(`saves and reads back ${section}`, async (t) => {
        if (!site) return t.skip();
        const r = await put(section, body);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(await get(section)).toMatchObject(EXPECTED[section] ?? body);
      });
    }

    it('validates each section, in the request language, and saves nothing on a bad request', async (t) => {
      if (!site) return t.skip();
      const before = await get('general');
      const bad = await put('general', { name: 'x'.repeat(31), site_url: 'ftp://nowhere', contact_email: 'not-mail' });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([
        { error_field: 'name', error_msg: 'Site name cannot be longer than 30 characters.' },
        { error_field: 'site_url', error_msg: 'Site URL must be a valid http or https URL.' },
        { error_field: 'contact_email', error_msg: 'Email is invalid.' },
      ]);
      const zh = await put('general', { ...before, site_url: `https://example.org/${'a'.repeat(520)}` }, 'zh-CN');
      expect(zh.body.data).toEqual([{ error_field: 'site_url', error_msg: '站点网址不能超过 512 个字符。' }]);
      expect(await get('general')).toEqual(before);

      const cases: Array<[string, unknown, string, string]> = [
        ['interface', { language: 'xx_XX', time_zone: 'UTC' }, 'language', 'Choose one of the offered languages.'],
        ['interface', { language: 'en_US', time_zone: 'Mars/Olympus' }, 'time_zone', 'Choose a time zone from the list.'],
        ['branding', { logo: 'javascript:alert(1)' }, 'logo', "Enter an uploaded image's address or an http or https URL of at most 512 characters."],
        ['write', { recommend_tags: [{ slug_name: 'no-such-tag' }] }, 'recommend_tags.0.slug_name', 'Tag "no-such-tag" does not exist.'],
        ['write', { required_tag: true, recommend_tags: [] }, 'recommend_tags', 'Add at least one recommended tag before requiring one.'],
        ['seo', { permalink: 7, robots: '' }, 'permalink', 'Choose one of the four permalink styles.'],
        ['theme', { theme: 'neon' }, 'theme', 'Choose one of the installed themes.'],
        ['theme', { theme: 'default', theme_config: { default: { primary_color: 'red' } } }, 'theme_config.default.primary_color', 'Enter a colour as # and six hexadecimal digits.'],
        ['custom-css-html', { custom_css: 'x'.repeat(65537) }, 'custom_css', 'Text cannot be longer than 65536 characters.'],
        ['login', { allow_email_domains: ['not a domain'] }, 'allow_email_domains.0', 'Enter one e-mail domain per line, such as example.com.'],
        ['users', { default_avatar: 'robot' }, 'default_avatar', 'Choose system or Gravatar.'],
      ];
      for (const [section, body, field, msg] of cases) {
        const was = await get(section);
        const r = await put(section, body);
        expect(r.status, section).toBe(400);
        expect(r.body.data, section).toContainEqual({ error_field: field, error_msg: msg });
        expect(await get(section), section).toEqual(was);
      }
    });

    it('takes effect on the next request: registration, private site, profile policy, legal texts, site name', async (t) => {
      if (!site) return t.skip();
      const login = await get('login');
      await put('login', { ...login, allow_new_registrations: false });
      const refused = await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'latecomer', e_mail: 'late@example.com', pass: 'password-123' } });
      expect(refused.status).toBe(400);
      expect(refused.body.reason).toBe('error.user.registration_closed');
      await put('login', { ...login, allow_new_registrations: true, login_required: true });
      expect((await call(app(), 'GET', `${V1}/question/page`)).status).toBe(401);
      await put('login', { ...login, login_required: false });
      expect((await call(app(), 'GET', `${V1}/question/page`)).status).toBe(200);

      const member = await registerUser(app(), 'member');
      const users = await get('users');
      await put('users', { ...users, allow_update_avatar: false });
      const avatar = { avatar: { type: 'gravatar' } };
      const no = await call(app(), 'PUT', `${V1}/user/info`, { token: member.token, body: avatar });
      expect(no.body.data).toEqual([{ error_field: 'avatar', error_msg: 'This site does not allow changing this field.' }]);
      await put('users', { ...users, allow_update_avatar: true });
      expect((await call(app(), 'PUT', `${V1}/user/info`, { token: member.token, body: avatar })).status).toBe(200);

      await put('legal', { terms_of_service_original_text: 'Play **fair**. <script>alert(1)</script>', privacy_policy_original_text: '' });
      const tos = await call(app(), 'GET', `${V1}/siteinfo/legal?info_type=tos`);
      expect(tos.body.data.terms_of_service_parsed_text).toContain('<strong>fair</strong>');
      expect(tos.body.data.terms_of_service_parsed_text).not.toContain('<script');

      await put('general', { ...(await get('general')), name: 'Renamed Site' });
      expect((await call(app(), 'GET', `${V1}/siteinfo`)).body.data.general.name).toBe('Renamed Site');
    });

    it('records who changed which setting', async (t) => {
      if (!site) return t.skip();
      await put('seo', { permalink: 3, robots: 'User-agent: *\n' });
      const dash = (await call(app(), 'GET', '/answer/admin/api/dashboard', { token: admin })).body.data.info;
      const entry = dash.recent_actions.find((a: { action: string }) => a.action === 'settings.seo');
      expect(entry).toMatchObject({ target_type: 'settings', target_id: 'seo', operator: { username: 'admin' } });
      expect(entry.changes.permalink).toEqual([2, 3]);
    });
  });
}
