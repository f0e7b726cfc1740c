/**
 * Chat notices (plugins/notify-chat through modules/chat-notice) over HTTP on every engine, sent to a fake receiver
 * on a local port: a new question reaches Slack as `{text, blocks}` mrkdwn, Discord as `{content, embeds}` with
 * no mention pings, Microsoft Teams as an Adaptive Card message and Matrix as an `m.text` event PUT to the room
 * with the access token — each with the site's texts escaped for its format and absolute links; the tag filter
 * lets only questions with one of its tags through; the settings form masks the token and refuses an address that
 * is not http(s), a private one (the webhook address guard), a Matrix room alias and a bad number of hours, each on
 * its field. The receiver is on 127.0.0.1, so private targets are allowed except where the guard is under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionPath } from '@quorum/contract';
import { adminToken, call, DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API } from '../question/question.testkit.js';
import { ADMIN_API, SLUG, configure, fakeReceiver, noticeRow, saveConfig, until } from './chat-notice.testkit.js';

process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';

const SITE = 'http://localhost:9080';
const TITLE = 'Pumps & valves: <b>bold</b> *stars* [x](y) @everyone';
const CONTENT = 'Body text with **markdown** and a [link](https://example.com/x).';
const EXCERPT = 'Body text with markdown and a link.';

for (const dialect of DIALECTS) {
  describe(`chat notices on ${dialect}`, () => {
    let site: TestSite | undefined;
    let rx: Awaited<ReturnType<typeof fakeReceiver>>;
    let admin = '';
    let adminName = '';
    let n = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      rx = await fakeReceiver();
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      adminName = (await call(site.app, 'GET', `${API}/user/info`, { token: admin })).body.data.display_name;
    });
    afterAll(async () => {
      await site?.close();
      await rx?.stop();
    });

    /** Asks as the admin with the given tag (created on first use); the id and the question's unix time. */
    const ask = async (tag: string, title = TITLE) => {
      const r = await call(site!.app, 'POST', `${API}/question`, { token: admin, body: { title: `${title} ${++n}`, content: CONTENT, tags: [{ slug_name: tag, display_name: tag }] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = r.body.data.id as string;
      const row = await site!.app.quorum.database!.kysely.selectFrom('questions').select(['title', 'created_at']).where('id', '=', id).executeTakeFirstOrThrow();
      return { id, title: row.title, created_at: Number(row.created_at), url: `${SITE}${questionPath(id, row.title, 1)}` };
    };
    const next = async (before: number) => {
      await until(() => rx.got.length > before);
      return rx.got[before]!;
    };

    it('declares the notification kind and a settings form whose Matrix token is masked', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'matrix', matrix_homeserver: `${rx.url}/hs`, matrix_room_id: '!room:example.org', matrix_access_token: 'syt_secret_token', event_new_question: 'false' });
      const list = (await call(site.app, 'GET', `${ADMIN_API}/plugins`, { token: admin })).body.data as { slug_name: string; kinds: string[]; have_config: boolean }[];
      expect(list.find((p) => p.slug_name === SLUG)).toMatchObject({ kinds: ['notification'], have_config: true });
      const form = (await call(site.app, 'GET', `${ADMIN_API}/plugin/config?plugin_slug_name=${SLUG}`, { token: admin })).body.data.config_fields as { name: string; type: string; value: unknown; secret: boolean; is_set: boolean; options: { value: string }[]; ui_options: { input_type?: string } }[];
      const field = (name: string) => form.find((f) => f.name === name)!;
      expect(field('matrix_access_token')).toMatchObject({ value: '', secret: true, is_set: true, ui_options: { input_type: 'password' } });
      expect(JSON.stringify(form)).not.toContain('syt_secret_token');
      expect(field('service').options.map((o) => o.value)).toEqual(['slack', 'discord', 'teams', 'matrix']);
      expect(field('event_flagged')).toMatchObject({ type: 'switch', value: false });
    });

    it('refuses bad settings on their fields: not http(s), a private address, a room alias, bad hours, a missing address', async (t) => {
      if (!site) return t.skip();
      const fields = async (r: Awaited<ReturnType<typeof saveConfig>>) => {
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        return Object.fromEntries((r.body.data as { error_field: string; error_msg: string }[]).map((e) => [e.error_field, e.error_msg]));
      };
      expect(await fields(await saveConfig(site, admin, { service: 'slack', webhook_url: 'ftp://hooks.example.com/x' }))).toEqual({ webhook_url: expect.any(String) });
      expect(await fields(await saveConfig(site, admin, { service: 'slack', webhook_url: 'javascript:alert(1)' }))).toEqual({ webhook_url: expect.any(String) });
      expect(await fields(await saveConfig(site, admin, { service: 'discord' }))).toEqual({ webhook_url: 'cannot be empty' });
      expect(await fields(await saveConfig(site, admin, { service: 'matrix', matrix_homeserver: 'https://matrix.example.org', matrix_room_id: '#general:example.org', matrix_access_token: 'x', unanswered_hours: '0' }))).toEqual({
        matrix_room_id: "Enter the room's id, e.g. !abcdef:example.org (not its #alias).",
        unanswered_hours: 'Enter a whole number of hours from 1 to 720.',
      });
      process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = '';
      try {
        const privateHook = await fields(await saveConfig(site, admin, { service: 'teams', webhook_url: 'http://127.0.0.1:9/hook' }));
        expect(privateHook).toEqual({ webhook_url: expect.stringContaining('private network') });
        const metadata = await fields(await saveConfig(site, admin, { service: 'matrix', matrix_homeserver: 'http://169.254.169.254', matrix_room_id: '!room:example.org', matrix_access_token: 'x' }));
        expect(metadata).toEqual({ matrix_homeserver: expect.stringContaining('private network') });
        expect((await saveConfig(site, admin, { service: 'slack', webhook_url: 'http://[::ffff:10.0.0.1]/hook' })).status).toBe(400);
      } finally {
        process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
      }
      // Nothing of the refused saves was stored: the Matrix settings of the test before are still there.
      const form = (await call(site.app, 'GET', `${ADMIN_API}/plugin/config?plugin_slug_name=${SLUG}`, { token: admin })).body.data.config_fields as { name: string; value: unknown }[];
      expect(form.find((f) => f.name === 'matrix_room_id')!.value).toBe('!room:example.org');
    });

    it('Slack: {text, blocks} in mrkdwn, with the title escaped and absolute links', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'slack', webhook_url: `${rx.url}/slack`, event_new_question: 'true' });
      const before = rx.got.length;
      const q = await ask('pumps');
      const r = await next(before);
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/slack');
      const esc = q.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(esc).toContain('&lt;b&gt;bold&lt;/b&gt; *stars* [x](y) @everyone');
      expect(r.json).toEqual({
        text: `New question from ${adminName}: ${esc} ${q.url}`,
        blocks: [
          { type: 'section', text: { type: 'mrkdwn', text: `*New question from ${adminName}*\n<${q.url}|${esc}>\n${EXCERPT}` } },
          { type: 'context', elements: [{ type: 'mrkdwn', text: 'Tags: pumps' }] },
        ],
      });
      expect(q.url).toMatch(/^http:\/\/localhost:9080\/questions\/\d+\//);
      await until(async () => (await noticeRow(site!, 'question.created', q.id))?.status === 3);
    });

    it('Discord: {content, embeds} with markdown escaped and no mention pings', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'discord', webhook_url: `${rx.url}/discord`, event_new_question: 'true' });
      rx.setStatus(() => 204);
      const before = rx.got.length;
      const q = await ask('pumps');
      const r = await next(before);
      expect(r.path).toBe('/discord');
      const esc = q.title.replace(/[\\*_~`|>#[\]()<@-]/g, '\\$&');
      expect(esc).toContain('\\<b\\>bold\\</b\\> \\*stars\\* \\[x\\]\\(y\\) \\@everyone');
      expect(r.json).toEqual({
        content: `**New question from ${adminName}**`,
        embeds: [{ title: esc, url: q.url, description: EXCERPT, fields: [{ name: 'Tags', value: 'pumps', inline: true }], footer: { text: 'Test Site' }, timestamp: new Date(q.created_at * 1000).toISOString() }],
        allowed_mentions: { parse: [] },
      });
      // A 204 is a success: the notice is marked sent and not tried again.
      await until(async () => (await noticeRow(site!, 'question.created', q.id))?.status === 3);
      rx.setStatus(() => 200);
    });

    it('Microsoft Teams: a message with one Adaptive Card', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'teams', webhook_url: `${rx.url}/teams`, event_new_question: 'true' });
      const before = rx.got.length;
      const q = await ask('pumps');
      const r = await next(before);
      expect(r.path).toBe('/teams');
      const esc = q.title.replace(/[\\*_~`[\]()#+!>|-]/g, '\\$&');
      expect(esc).toContain('<b\\>bold</b\\> \\*stars\\* \\[x\\]\\(y\\) @everyone');
      expect(r.json).toEqual({
        type: 'message',
        attachments: [{
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            type: 'AdaptiveCard',
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: `New question from ${adminName}`, weight: 'Bolder', size: 'Small', isSubtle: true, wrap: true },
              { type: 'TextBlock', text: `[${esc}](${q.url})`, weight: 'Bolder', size: 'Medium', wrap: true },
              { type: 'TextBlock', text: EXCERPT, wrap: true },
              { type: 'FactSet', facts: [{ title: 'Tags', value: 'pumps' }] },
            ],
            actions: [],
          },
        }],
      });
    });

    it('Matrix: an m.text event PUT to the room with the bearer token and an HTML body', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'matrix', matrix_homeserver: `${rx.url}/hs/`, matrix_room_id: '!room:example.org', matrix_access_token: '', event_new_question: 'true' });
      const before = rx.got.length;
      const q = await ask('pumps');
      const r = await next(before);
      expect(r.method).toBe('PUT');
      // The token saved two tests before is kept (an empty secret keeps the stored one).
      expect(r.headers.authorization).toBe('Bearer syt_secret_token');
      expect(r.path).toBe(`/hs/_matrix/client/v3/rooms/!room%3Aexample.org/send/m.room.message/question_created_${q.id}`);
      const html = q.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(r.json).toEqual({
        msgtype: 'm.text',
        body: `New question from ${adminName}: ${q.title}\n${q.url}\n${EXCERPT}\nTags: pumps`,
        format: 'org.matrix.custom.html',
        formatted_body: `<p><strong>New question from ${adminName}</strong></p><p><a href="${q.url}">${html}</a></p><p>${EXCERPT}</p><p>Tags: pumps</p>`,
      });
    });

    it('the tag filter sends only questions with one of its tags', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'slack', webhook_url: `${rx.url}/tagged`, event_new_question: 'true', tags: 'Valves, gaskets' });
      const before = rx.got.length;
      const other = await ask('pumps', 'A question about pumps only');
      const wanted = await ask('valves', 'A question about valves');
      const r = await next(before);
      expect(r.json.text).toContain(wanted.title);
      expect(await noticeRow(site, 'question.created', other.id)).toBeUndefined();
      await new Promise((res) => setTimeout(res, 300));
      expect(rx.got.slice(before).map((g) => g.path)).toEqual(['/tagged']);
    });
  });
}
