/**
 * A post hidden by flags leaves the server-rendered pages anonymous readers are served from the page cache
 * (modules/ssr ssr.pagecache.ts) at once: the hiding is an ordinary write, so the cached pages are dropped
 * (core/coherence.ts). Needs the web build (packages/web/dist).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { hasWebBuild } from '../ssr/ssr.renderer.js';
import { API, answer, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

describe('pages of posts hidden by flags', () => {
  let site: TestSite;
  let author: Member;
  let mod: Member;
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    await adminToken(site.app);
    author = await member(site, 'pageauthor', 1000);
    mod = await member(site, 'pagemoder');
    await makeModerator(site, mod.id);
  });
  afterAll(async () => site?.close());

  const read = (url: string) => site.app.inject({ method: 'GET', url });
  const flag = (token: string, objectId: string, reportType: number) => call(site.app, 'POST', `${API}/report`, { token, body: { object_id: objectId, report_type: reportType } });

  it('drops a hidden answer and a hidden question from the anonymous pages read just before', async () => {
    const qid = await ask(site, author.token, 'Which hops suit a pale ale best?', 'Looking for a citrus aroma.');
    await answer(site, author.token, qid, 'Cascade and a little Centennial, late in the boil.');
    const path = `/questions/${qid}/which-hops-suit-a-pale-ale-best`;
    const before = await read(path);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Cascade and a little Centennial');
    expect((await read(path)).body).toContain('Cascade and a little Centennial');
    expect((await read('/questions')).body).toContain('Which hops suit a pale ale best?');

    const answers = (await call(site.app, 'GET', `${API}/answer/page?question_id=${qid}&page=1&page_size=20`, { token: author.token })).body.data.list as { id: string }[];
    const flaggers = [await member(site, 'pageflag1'), await member(site, 'pageflag2'), await member(site, 'pageflag3')];
    for (const f of flaggers) expect((await flag(f.token, answers[0]!.id, 61)).status).toBe(200);
    const after = await read(path);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Which hops suit a pale ale best?');
    expect(after.body).not.toContain('Cascade and a little Centennial');

    expect((await flag(mod.token, qid, 57)).status).toBe(200);
    expect((await read(path)).statusCode).toBe(404);
    expect((await read('/questions')).body).not.toContain('Which hops suit a pale ale best?');
  });
});
