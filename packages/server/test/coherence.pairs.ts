/**
 * The write/read pairs of the read-your-writes suite (src/cluster.coherence.test.ts, docs/OPERATIONS.md
 * "Read-your-writes"): for each write call of the API, the read that shows it, made by the writer and, where
 * another member sees it too, by that member. Every call goes through `Site`, so on a new connection each and
 * round the workers or nodes. A pair's `write(i)` makes its i-th change (even and odd repetitions alternate, so
 * each read tells the newest write from the one before); `shows(i, token)` says whether a read shows it.
 */
import sharp from 'sharp';
import type { Site } from './cluster.testkit.js';

export const V1 = '/answer/api/v1';
export const ADMIN_API = '/answer/admin/api';
/** The site's administrator (AUTO_INSTALL's ADMIN_*). */
export const ADMIN = { name: 'boss', email: 'boss@example.com', pass: 'boss-pass-1' };

/** One write/read pair. */
export interface Pair {
  name: string;
  /** Makes the i-th change (and whatever it needs first). */
  write: (i: number) => Promise<void>;
  /** True when a read made with `token` shows the i-th write. */
  shows: (i: number, token: string) => Promise<boolean>;
  /** The writer's token, and another member's when others see the write. */
  writer: () => string;
  other?: () => string;
}

/** Logs in by e-mail. @returns the access token */
export async function login(site: Site, email: string, pass: string): Promise<string> {
  return (await site.ok('POST', `${V1}/user/login/email`, { body: { e_mail: email, pass } })).access_token as string;
}

type Data = Record<string, unknown>;
const even = (i: number) => i % 2 === 0;

/** The pairs, on a site installed with ADMIN (see the file header); creates the member and content they need. */
export async function pairsOf(site: Site): Promise<Pair[]> {
  const ok = site.ok.bind(site);
  const get = (url: string, token: string) => ok('GET', url, { token });
  const text = async (url: string, token: string) => JSON.stringify(await get(url, token));
  const admin = await login(site, ADMIN.email, ADMIN.pass);
  const memberEmail = `member${Date.now()}@example.com`;
  await ok('POST', `${ADMIN_API}/user`, { token: admin, body: { display_name: 'Member One', email: memberEmail, password: 'member-pass-1' } });
  let memberPass = 'member-pass-1';
  let member = await login(site, memberEmail, memberPass);
  const memberId = (await get(`${V1}/user/info`, member)).id as string;
  // The title opens the body: the same body posted again by a member would wait for review (modules/reviewer).
  const ask = async (token: string, title: string) => (await ok('POST', `${V1}/question`, { token, body: { title, content: `${title} My starter rises and falls within four hours at room temperature.`, tags: [{ slug_name: 'sourdough' }] } })).id as string;
  const answer = async (token: string, qid: string, content: string) => ((await ok('POST', `${V1}/answer`, { token, body: { question_id: qid, content } })).info as Data).id as string;
  const comment = async (token: string, objectId: string, t: string) => (await ok('POST', `${V1}/comment`, { token, body: { object_id: objectId, original_text: t } })).comment_id as string;
  /** Reads that fill the caches of both members before a write, so a stale cache would show. */
  const prime = async (...urls: string[]) => {
    for (const u of urls) for (const t of [member, admin]) await get(u, t);
  };
  const qid = await ask(admin, 'How long should a sourdough starter rest?');
  const qInfo = `${V1}/question/info?id=${qid}`;
  const info = (token: string) => get(qInfo, token);
  const answers = (q: string) => `${V1}/answer/page?question_id=${q}&page=1&page_size=50`;
  const comments = (o: string) => `${V1}/comment/page?object_id=${o}&page=1&page_size=50`;
  const newest = `${V1}/question/page?page=1&page_size=20&order=newest`;
  const tag = await get(`${V1}/tag?name=sourdough`, admin);
  const memberAnswer = await answer(member, qid, 'Let it rest until it doubles, then feed it again.');
  const memberQ = await ask(member, 'Which flour feeds a starter best?');
  const memberComment = await comment(member, qid, 'A first comment about the starter.');
  let otherSession = '';
  let current = '';
  const flagged: string[] = [];
  const upload = async (i: number) => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 40 * i, g: 90, b: 160 } } }).png().toBuffer();
    const b = `----coherence${Date.now()}`;
    const head = `--${b}\r\ncontent-disposition: form-data; name="source"\r\n\r\navatar\r\n--${b}\r\ncontent-disposition: form-data; name="file"; filename="me.png"\r\ncontent-type: image/png\r\n\r\n`;
    const data = Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${b}--\r\n`)]);
    const r = await site.call('POST', `${V1}/file`, { token: member, raw: { type: `multipart/form-data; boundary=${b}`, data } });
    if (r.status !== 200) throw new Error(`POST /file: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data as string;
  };
  /**
   * An admin settings section: GET it, change `change(i)`, PUT it whole; the admin's GET of it shows `read(i)`
   * (default the change), and where members see the section, `pub` (made with `label`) says whether the member's read shows it.
   */
  const section = (path: string, change: (i: number) => Data, pub?: (i: number, member: string) => Promise<boolean>, label = 'GET /siteinfo', read: (i: number) => Data = change): Pair => ({
    name: `settings ${path} (PUT ${ADMIN_API}/${path} -> GET ${ADMIN_API}/${path}${pub ? `, ${label}` : ''})`,
    writer: () => admin,
    ...(pub ? { other: () => member } : {}),
    write: async (i) => {
      await ok('PUT', `${ADMIN_API}/${path}`, { token: admin, body: { ...(await get(`${ADMIN_API}/${path}`, admin)), ...change(i) } });
    },
    shows: async (i, t) => {
      if (t !== admin) return pub!(i, t);
      const data = await get(`${ADMIN_API}/${path}`, admin);
      return Object.entries(read(i)).every(([k, v]) => JSON.stringify(data[k]) === JSON.stringify(v));
    },
  });
  /** The member's view of a section in GET /siteinfo: `key` of `part` is `value(i)`. */
  const siteinfo = (part: string, key: string, value: (i: number) => unknown) => async (i: number, t: string) => ((await get(`${V1}/siteinfo`, t))[part] as Data)[key] === value(i);
  const name = (i: number) => `Coherent Site ${i}`;
  const zone = (i: number) => (even(i) ? 'Europe/Berlin' : 'UTC');
  const logo = (i: number) => (even(i) ? `https://example.com/logo-${i}.png` : '');
  const css = (i: number) => `body { --take: ${i}; }`;
  const robots = (i: number) => `User-agent: *\nDisallow: /take-${i}\n`;
  const scheme = (i: number) => (even(i) ? 'dark' : 'system');
  // A plugin switches on only with its required settings (plugin.service.ts): the GitHub login, given a client.
  const plugin = 'connector_github';
  await ok('PUT', `${ADMIN_API}/plugin/config`, { token: admin, body: { plugin_slug_name: plugin, config_fields: { client_id: 'coherence-client', client_secret: 'coherence-secret' } } });

  return [
    {
      name: 'profile bio (PUT /user/info -> GET /user/info)',
      writer: () => member,
      write: (i) => ok('PUT', `${V1}/user/info`, { token: member, body: { bio: `bio number ${i}` } }).then(() => undefined),
      shows: async (i, t) => (await get(`${V1}/user/info`, t)).bio === `bio number ${i}`,
    },
    {
      name: 'profile name (PUT /user/info -> GET /answer/page author)',
      writer: () => member,
      other: () => admin,
      write: (i) => ok('PUT', `${V1}/user/info`, { token: member, body: { display_name: `Member ${i}` } }).then(() => undefined),
      shows: async (i, t) => (await text(answers(qid), t)).includes(`"Member ${i}"`),
    },
    {
      name: 'avatar (POST /file + PUT /user/info -> GET /user/info, GET /answer/page author)',
      writer: () => member,
      other: () => admin,
      write: async (i) => {
        current = even(i) ? await upload(i) : '';
        await ok('PUT', `${V1}/user/info`, { token: member, body: { avatar: even(i) ? { type: 'custom', custom: current } : { type: 'system' } } });
      },
      shows: async (i, t) => {
        const seen = t === member ? await text(`${V1}/user/info`, t) : await text(answers(qid), t);
        return even(i) ? seen.includes(current) : !seen.includes('/uploads/');
      },
    },
    {
      name: 'interface language (PUT /user/interface -> GET /user/info)',
      writer: () => member,
      write: (i) => ok('PUT', `${V1}/user/interface`, { token: member, body: { language: even(i) ? 'zh_CN' : 'en_US' } }).then(() => undefined),
      shows: async (i, t) => (await get(`${V1}/user/info`, t)).language === (even(i) ? 'zh_CN' : 'en_US'),
    },
    {
      name: 'notification settings (PUT -> GET /user/notification/config)',
      writer: () => member,
      write: (i) => ok('PUT', `${V1}/user/notification/config`, { token: member, body: { inbox: { enable: !even(i) } } }).then(() => undefined),
      shows: async (i, t) => ((await get(`${V1}/user/notification/config`, t)).inbox as { enable?: boolean } | undefined)?.enable === !even(i),
    },
    {
      name: "role (PUT /admin/api/user/role -> GET /admin/api/user/info, the member's GET /user/info)",
      writer: () => admin,
      other: () => member,
      write: (i) => ok('PUT', `${ADMIN_API}/user/role`, { token: admin, body: { user_id: memberId, role_id: even(i) ? 3 : 1 } }).then(() => undefined),
      shows: async (i, t) => (await get(t === admin ? `${ADMIN_API}/user/info?user_id=${memberId}` : `${V1}/user/info`, t)).role_id === (even(i) ? 3 : 1),
    },
    section('siteinfo/general', (i) => ({ name: name(i) }), siteinfo('general', 'name', name)),
    section('siteinfo/interface', (i) => ({ time_zone: zone(i) }), siteinfo('interface', 'time_zone', zone)),
    section('siteinfo/branding', (i) => ({ logo: logo(i) }), siteinfo('branding', 'logo', logo)),
    section('siteinfo/write', (i) => ({ restrict_answer: !even(i) }), siteinfo('site_write', 'restrict_answer', (i) => !even(i))),
    section('siteinfo/legal', (i) => ({ terms_of_service_original_text: `Terms, take ${i}.` }), async (i, t) => (await get(`${V1}/siteinfo/legal?info_type=tos`, t)).terms_of_service_original_text === `Terms, take ${i}.`, 'GET /siteinfo/legal'),
    section('siteinfo/seo', (i) => ({ robots: robots(i) }), siteinfo('site_seo', 'robots', robots)),
    section('siteinfo/theme', (i) => ({ color_scheme: scheme(i) }), siteinfo('theme', 'color_scheme', scheme)),
    section('siteinfo/custom-css-html', (i) => ({ custom_css: css(i) }), siteinfo('custom_css_html', 'custom_css', css)),
    section('siteinfo/login', (i) => ({ allow_new_registrations: !even(i) }), siteinfo('login', 'allow_new_registrations', (i) => !even(i))),
    section('siteinfo/users', (i) => ({ allow_update_location: !even(i) }), siteinfo('site_users', 'allow_update_location', (i) => !even(i))),
    // The limits for new members (modules/spam): read back by the admin; they apply to the next post on any worker.
    section('siteinfo/spam', (i) => ({ new_member_reputation: even(i) ? 100 : 50 })),
    section('setting/smtp', (i) => ({ from_name: `Coherent ${i}`, from_email: 'noreply@example.com', smtp_host: '127.0.0.1', smtp_port: 2525 })),
    // Level 1 lets a member of reputation 1 post links freely; level 2 asks for 10 (privilege.ts).
    section('setting/privileges', (i) => ({ level: even(i) ? 2 : 1 }), async (i, t) => ((await get(`${V1}/permission?action=link.url_limit`, t))['link.url_limit'] as { has_permission?: boolean } | undefined)?.has_permission === !even(i), 'GET /permission', (i) => ({ selected_level: even(i) ? 2 : 1 })),
    // The captcha provider (modules/captcha): the next captcha anyone fetches is the chosen provider's.
    section('captcha', (i) => ({ provider: even(i) ? 'pow_captcha' : 'basic_captcha' }), async (i, t) => (await get(`${V1}/user/action/record?action=e_mail&accept=pow`, t)).captcha_type === (even(i) ? 'pow' : 'image'), 'GET /user/action/record'),
    {
      name: 'plugin on/off (PUT /admin/api/plugin/status -> GET /plugin/status)',
      writer: () => admin,
      other: () => member,
      write: (i) => ok('PUT', `${ADMIN_API}/plugin/status`, { token: admin, body: { plugin_slug_name: plugin, enabled: even(i) } }).then(() => undefined),
      shows: async (i, t) => ((await get(`${V1}/plugin/status`, t)) as unknown as Array<{ slug_name: string; enabled: boolean }>).find((p) => p.slug_name === plugin)?.enabled === even(i),
    },
    {
      name: 'question add (POST /question -> GET /question/page)',
      writer: () => admin,
      other: () => member,
      write: async (i) => {
        await prime(newest);
        await ask(admin, `A new question about rye flour, number ${i}`);
      },
      shows: async (i, t) => (await text(newest, t)).includes(`rye flour, number ${i}`),
    },
    {
      name: 'question edit (PUT /question -> GET /question/info)',
      writer: () => admin,
      other: () => member,
      write: (i) => ok('PUT', `${V1}/question`, { token: admin, body: { id: qid, title: `How long should a sourdough starter rest, take ${i}?`, content: 'My starter rises and falls within four hours at room temperature.', tags: [{ slug_name: 'sourdough' }], edit_summary: 'title' } }).then(() => undefined),
      shows: async (i, t) => (await info(t)).title === `How long should a sourdough starter rest, take ${i}?`,
    },
    {
      name: 'question delete (DELETE /question -> GET /question/page)',
      writer: () => admin,
      other: () => member,
      write: async (i) => {
        const id = await ask(admin, `A question soon deleted, number ${i}`);
        await prime(newest);
        await ok('DELETE', `${V1}/question`, { token: admin, body: { id } });
      },
      shows: async (i, t) => !(await text(newest, t)).includes(`soon deleted, number ${i}`),
    },
    {
      name: 'answer add (POST /answer -> GET /answer/page)',
      writer: () => admin,
      other: () => member,
      write: async (i) => {
        current = await ask(member, `Which flour feeds a starter best, round ${i}?`);
        await prime(answers(current));
        await answer(admin, current, `Answer number ${i}: rye keeps it most active.`);
      },
      shows: async (i, t) => (await text(answers(current), t)).includes(`Answer number ${i}:`),
    },
    {
      name: 'answer edit (PUT /answer -> GET /answer/page)',
      writer: () => member,
      other: () => admin,
      write: (i) => ok('PUT', `${V1}/answer`, { token: member, body: { id: memberAnswer, question_id: qid, content: `Let it rest until it doubles, take ${i}.`, edit_summary: 'wording' } }).then(() => undefined),
      shows: async (i, t) => (await text(answers(qid), t)).includes(`doubles, take ${i}.`),
    },
    {
      name: 'answer delete (DELETE /answer -> GET /answer/page)',
      writer: () => admin,
      other: () => member,
      write: async (i) => {
        current = await ask(member, `Which water suits a starter, round ${i}?`);
        const id = await answer(admin, current, `An answer soon deleted, number ${i}.`);
        await prime(answers(current));
        await ok('DELETE', `${V1}/answer`, { token: admin, body: { id } });
      },
      // Moderators still see a deleted answer, marked deleted (status 10); members no longer see it.
      shows: async (i, t) => {
        const found = ((await get(answers(current), t)).list as Data[]).find((a) => String(a.content).includes(`soon deleted, number ${i}.`));
        return !found || (t === admin && found.status === 10);
      },
    },
    {
      name: 'comment add (POST /comment -> GET /comment/page)',
      writer: () => member,
      other: () => admin,
      write: async (i) => {
        await prime(comments(qid));
        await comment(member, qid, `Comment number ${i} about the starter.`);
      },
      shows: async (i, t) => (await text(comments(qid), t)).includes(`Comment number ${i} about`),
    },
    {
      name: 'comment edit (PUT /comment -> GET /comment/page)',
      writer: () => member,
      other: () => admin,
      write: (i) => ok('PUT', `${V1}/comment`, { token: member, body: { comment_id: memberComment, original_text: `A first comment about the starter, take ${i}.` } }).then(() => undefined),
      shows: async (i, t) => (await text(comments(qid), t)).includes(`the starter, take ${i}.`),
    },
    {
      name: 'comment delete (DELETE /comment -> GET /comment/page)',
      writer: () => member,
      other: () => admin,
      write: async (i) => {
        const id = await comment(member, qid, `A comment soon deleted, number ${i}.`);
        await prime(comments(qid));
        await ok('DELETE', `${V1}/comment`, { token: member, body: { comment_id: id } });
      },
      shows: async (i, t) => !(await text(comments(qid), t)).includes(`soon deleted, number ${i}.`),
    },
    {
      name: 'vote (POST /vote/up -> GET /answer/page vote_count)',
      writer: () => admin,
      other: () => member,
      write: (i) => ok('POST', `${V1}/vote/up`, { token: admin, body: { object_id: memberAnswer, is_cancel: !even(i) } }).then(() => undefined),
      shows: async (i, t) => ((await get(answers(qid), t)).list as Array<{ id: string; vote_count: number }>).find((a) => a.id === memberAnswer)?.vote_count === (even(i) ? 1 : 0),
    },
    {
      name: 'accept (POST /answer/acceptance -> GET /question/info accepted_answer_id)',
      writer: () => admin,
      other: () => member,
      write: (i) => ok('POST', `${V1}/answer/acceptance`, { token: admin, body: { question_id: qid, answer_id: even(i) ? memberAnswer : '' } }).then(() => undefined),
      shows: async (i, t) => ((await info(t)).accepted_answer_id || '0') === (even(i) ? memberAnswer : '0'),
    },
    {
      name: 'follow (POST /follow -> GET /question/info is_followed)',
      writer: () => member,
      write: (i) => ok('POST', `${V1}/follow`, { token: member, body: { object_id: qid, is_cancel: !even(i) } }).then(() => undefined),
      shows: async (i, t) => (await info(t)).is_followed === even(i),
    },
    {
      name: 'bookmark (POST /collection/switch -> GET /question/info collected)',
      writer: () => member,
      write: (i) => ok('POST', `${V1}/collection/switch`, { token: member, body: { object_id: qid, bookmark: even(i) } }).then(() => undefined),
      shows: async (i, t) => (await info(t)).collected === even(i),
    },
    {
      name: 'tag edit (PUT /tag -> GET /tag)',
      writer: () => admin,
      other: () => member,
      write: (i) => ok('PUT', `${V1}/tag`, { token: admin, body: { tag_id: tag.tag_id, slug_name: 'sourdough', display_name: `Sourdough ${i}`, original_text: `About sourdough, take ${i}.` } }).then(() => undefined),
      shows: async (i, t) => (await get(`${V1}/tag?name=sourdough`, t)).display_name === `Sourdough ${i}`,
    },
    {
      name: 'tag synonyms (PUT /tag/synonym -> GET /tag/synonyms)',
      writer: () => admin,
      other: () => member,
      write: (i) => ok('PUT', `${V1}/tag/synonym`, { token: admin, body: { tag_id: tag.tag_id, synonym_tag_list: [{ slug_name: `levain-${i}` }] } }).then(() => undefined),
      shows: async (i, t) => (await text(`${V1}/tag/synonyms?tag_id=${tag.tag_id}`, t)).includes(`levain-${i}`),
    },
    {
      name: "flag (POST /report -> the flagger's GET /report/flags, the moderators' GET /report/unreviewed/post)",
      writer: () => member,
      other: () => admin,
      write: async (i) => {
        const id = await ask(admin, `A question to flag, number ${i}`);
        flagged.push(id);
        await get(`${V1}/report/flags?object_ids=${id}`, member);
        await get(`${V1}/report/unreviewed/post?page=1&page_size=50`, admin);
        await ok('POST', `${V1}/report`, { token: member, body: { object_id: id, report_type: 57 } });
      },
      shows: async (i, t) =>
        t === member
          ? ((await get(`${V1}/report/flags?object_ids=${flagged[i]}`, t)).flagged as string[]).includes(flagged[i]!)
          : (await text(`${V1}/report/unreviewed/post?page=1&page_size=50`, t)).includes(`"object_id":"${flagged[i]}"`),
    },
    {
      name: 'review decision (PUT /report/review close_post -> GET /report/unreviewed/post, GET /question/info)',
      writer: () => admin,
      other: () => member,
      write: async (i) => {
        const queue = (await get(`${V1}/report/unreviewed/post?page=1&page_size=50`, admin)).list as Data[];
        const flag = queue.find((f) => f.object_id === flagged[i])!;
        await info(member);
        await ok('PUT', `${V1}/report/review`, { token: admin, body: { flag_id: flag.flag_id, operation_type: 'close_post', close_type: 2 } });
      },
      shows: async (i, t) => {
        const closed = (await get(`${V1}/question/info?id=${flagged[i]}`, t)).status === 2;
        return t === member ? closed : closed && !(await text(`${V1}/report/unreviewed/post?page=1&page_size=50`, t)).includes(`"object_id":"${flagged[i]}"`);
      },
    },
    {
      name: 'notification read (PUT /notification/read/state -> GET /notification/status)',
      writer: () => member,
      write: async (i) => {
        await ok('PUT', `${V1}/notification/read/state/all`, { token: member, body: { type: 'inbox' } });
        await comment(admin, memberQ, `A comment that notifies the asker, number ${i}.`);
        let id = '';
        for (const until = Date.now() + 10_000; !id && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
          if ((await get(`${V1}/notification/status`, member)).inbox !== 1) continue;
          id = String(((await get(`${V1}/notification/page?type=inbox&page=1&page_size=10`, member)).list as Data[]).find((n) => !n.is_read)?.id ?? '');
        }
        if (!id) throw new Error('no notification arrived within 10 s');
        await ok('PUT', `${V1}/notification/read/state`, { token: member, body: { id } });
      },
      shows: async (_i, t) => (await get(`${V1}/notification/status`, t)).inbox === 0,
    },
    {
      name: 'password change ends other sessions (PUT /user/password -> GET /user/info with another session)',
      writer: () => member,
      write: async (i) => {
        otherSession = await login(site, memberEmail, memberPass);
        await get(`${V1}/user/info`, otherSession);
        const pass = `member-pass-${i + 2}`;
        await ok('PUT', `${V1}/user/password`, { token: member, body: { old_pass: memberPass, pass } });
        memberPass = pass;
      },
      // An ended session reads as anonymous: /user/info answers 200 with no user.
      shows: async () => {
        const r = await site.call('GET', `${V1}/user/info`, { token: otherSession });
        return r.status === 401 || r.body.data === null;
      },
    },
    {
      // Silence and its lift (modules/penalty): the member's user info says so, and a write is refused (an empty
      // comment: 403 silenced before validation, 400 once lifted), on whichever worker or node the reads land.
      name: "silence (POST /admin/api/user/penalty, PUT /admin/api/user/penalty/lift -> the member's GET /user/info, POST /comment)",
      writer: () => admin,
      // The member's own reads, made on every node at once from the write's answer.
      other: () => member,
      write: async (i) => {
        if (even(i)) await ok('POST', `${ADMIN_API}/user/penalty`, { token: admin, body: { user_id: memberId, kind: 'silence', duration: 'forever', reason: 'Coherence check' } });
        else await ok('PUT', `${ADMIN_API}/user/penalty/lift`, { token: admin, body: { user_id: memberId, kind: 'silence' } });
      },
      shows: async (i) => {
        const silenced = (await get(`${V1}/user/info`, member)).silenced === true;
        const probe = await site.call('POST', `${V1}/comment`, { token: member, body: {} });
        const refused = probe.status === 403 && (probe.body as { reason?: string }).reason === 'error.user.silenced';
        return even(i) ? silenced && refused : !silenced && !refused;
      },
    },
    {
      name: "suspension (PUT /admin/api/user/status -> the member's GET /user/info)",
      writer: () => admin,
      write: async (i) => {
        if (even(i)) member = await login(site, memberEmail, memberPass);
        await ok('PUT', `${ADMIN_API}/user/status`, { token: admin, body: { user_id: memberId, status: even(i) ? 'suspended' : 'normal', suspend_duration: 'forever' } });
      },
      shows: async (i) => {
        const r = await site.call('GET', `${V1}/user/info`, { token: member });
        const suspended = r.status !== 200 || (r.body.data as { status?: string } | null)?.status === 'suspended';
        return even(i) ? suspended : !suspended;
      },
    },
  ];
}
