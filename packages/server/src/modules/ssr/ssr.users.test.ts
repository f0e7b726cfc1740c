import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey } from '@quorum/contract';
import { call, installedSite, type TestSite } from '../../../test/dialects.js';
import { activeUser } from '../comment/social.testkit.js';
import { hasWebBuild } from './ssr.renderer.js';

/** The data the server embedded for hydration (window.__QUORUM_DATA__). */
function embedded(html: string): Record<string, unknown> {
  const m = /window\.__QUORUM_DATA__=(.*?);window\.__QUORUM_LANG__/s.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : {};
}

/** The rendered app (what is inside the root element). */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
const directoryKey = (sort: string, page: number, q = '') => apiKey('/answer/api/v1/user/directory', { sort, q, page, page_size: 24 });

// The server-rendered member directory needs the web build (`npm run build`), which `npm test` runs before these tests.
describe('server-rendered member directory (/users)', () => {
  let site: TestSite;
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    const k = site.app.quorum.database!.kysely;
    const people: [string, string, number][] = [
      ['hilda', 'Hilda Brewster', 300],
      ['otto', 'Otto Maltby', 200],
      ['sam', 'Suspended Sam', 900],
    ];
    for (const [name, display, rank] of people) {
      const u = await activeUser(site.app, name, rank);
      await k.updateTable('users').set({ display_name: display }).where('id', '=', u.id).execute();
    }
    await k.updateTable('users').set({ status: 9, suspended_until: null }).where('username', '=', 'sam').execute();
  });
  afterAll(async () => site?.close());

  it('renders the members in the first HTML, with the page embedded under the web app key, title and canonical as before', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/users' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Users - Test Site</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:9080/users">');
    const root = rootOf(res.body);
    expect(root).toContain('Hilda Brewster');
    expect(root).toContain('Otto Maltby');
    expect(root).toContain('href="/users/hilda"');
    expect(root).toContain('300 reputation');
    expect(root).not.toContain('Suspended Sam');
    // Avatars keep their place before they load: the drawn initial has the card's size.
    expect(root).toMatch(/width:48px;height:48px/);
    const page = embedded(res.body)[directoryKey('reputation', 1)] as { count: number; list: { username: string }[] };
    expect(page.list.map((m) => m.username)).toEqual(['hilda', 'otto', 'admin']);
    // The same payload the API answers, so hydration has nothing to fetch.
    expect((await call(site.app, 'GET', '/answer/api/v1/user/directory?sort=reputation&page=1&page_size=24')).body.data).toEqual(page);
  });

  it('renders the sort, name and page of the address, and the empty state for a name nobody has', async () => {
    const found = await site.app.inject({ method: 'GET', url: '/users?sort=newest&q=OT' });
    expect(rootOf(found.body)).toContain('Otto Maltby');
    expect(rootOf(found.body)).not.toContain('Hilda Brewster');
    expect(rootOf(found.body)).toMatch(/aria-current="page"[^>]*>New</);
    expect(embedded(found.body)).toHaveProperty([directoryKey('newest', 1, 'OT')]);
    const none = await site.app.inject({ method: 'GET', url: '/users?q=zzz' });
    expect(rootOf(none.body)).toContain('No members match “zzz”.');
    const far = await site.app.inject({ method: 'GET', url: '/users?page=3' });
    expect(embedded(far.body)).toHaveProperty([directoryKey('reputation', 3)]);
  });

  it('reads a malformed address as the web page does (unknown sort, bad page, long name), never failing', async () => {
    const res = await site.app.inject({ method: 'GET', url: `/users?sort=best&page=abc&q=${'h'.repeat(40)}` });
    expect(res.statusCode).toBe(200);
    expect(embedded(res.body)).toHaveProperty([directoryKey('reputation', 1, 'h'.repeat(30))]);
    const week = await site.app.inject({ method: 'GET', url: '/users?sort=week' });
    expect(embedded(week.body)).toHaveProperty([directoryKey('reputation', 1)]);
    const big = await site.app.inject({ method: 'GET', url: '/users?page=99999999' });
    expect(embedded(big.body)).toHaveProperty([directoryKey('reputation', 10000)]);
  });

  it('renders in the visitor’s language', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/users', headers: { 'accept-language': 'de-DE' } });
    expect(res.body).toContain('<title>Benutzer - Test Site</title>');
    expect(rootOf(res.body)).toContain('Mitglieder sortieren');
  });
});
