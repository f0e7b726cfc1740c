import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DIALECTS, adminToken, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, multipart, type TestUser } from '../comment/social.testkit.js';

const F = '/answer/api/v1/file';

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366ff' } }).png().toBuffer();
}

for (const dialect of DIALECTS) {
  describe(`image uploads on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let bob: TestUser;

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      bob = await activeUser(site.app, 'bob');
    });
    afterAll(async () => site?.close());

    const upload = async (token: string, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
      const { payload, headers } = multipart(fields, file);
      const res = await site!.app.inject({ method: 'POST', url: F, payload, headers: { ...headers, ...(token ? { authorization: token } : {}) } });
      return { status: res.statusCode, body: res.json() as { reason: string; data: any } };
    };

    it('stores a real PNG and serves it with long-lived, nosniff headers', async (t) => {
      if (!site) return t.skip();
      const data = await png(40, 30);
      const r = await upload(bob.token, { source: 'post' }, { name: 'chart.png', type: 'image/png', data });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      const served = await site.app.inject({ method: 'GET', url: r.body.data });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(data)).toBe(true);
      const row = await site.app.quorum.database!.kysely.selectFrom('files').selectAll().where('user_id', '=', bob.id).executeTakeFirst();
      expect(row).toMatchObject({ mime: 'image/png', size: data.length });
      expect((await site.app.inject({ method: 'GET', url: '/uploads/2020/01/missing.png' })).statusCode).toBe(404);
    });

    it('decides the type by content: a text file named .png is refused', async (t) => {
      if (!site) return t.skip();
      const r = await upload(bob.token, { source: 'post' }, { name: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script> not an image') });
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([{ error_field: 'file', error_msg: 'Only PNG, JPEG, GIF and WebP images can be uploaded.' }]);
      const svg = await upload(bob.token, { source: 'post' }, { name: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>') });
      expect(svg.status).toBe(400);
    });

    it('refuses files over 4 MB', async (t) => {
      if (!site) return t.skip();
      const big = Buffer.concat([await png(8, 8), Buffer.alloc(4 * 1024 * 1024 + 10)]);
      const r = await upload(bob.token, { source: 'post' }, { name: 'big.png', type: 'image/png', data: big });
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([{ error_field: 'file', error_msg: 'Image cannot be larger than 4 MB.' }]);
    });

    it('crops avatars to 256x256', async (t) => {
      if (!site) return t.skip();
      const r = await upload(bob.token, { source: 'avatar' }, { name: 'me.png', type: 'image/png', data: await png(600, 400) });
      expect(r.status).toBe(200);
      const served = await site.app.inject({ method: 'GET', url: r.body.data });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'png']);
    });

    it('checks login, source and who may upload branding', async (t) => {
      if (!site) return t.skip();
      const data = await png(10, 10);
      const file = { name: 'a.png', type: 'image/png', data };
      expect((await upload('', { source: 'post' }, file)).status).toBe(401);
      const badSource = await upload(bob.token, { source: 'wallpaper' }, file);
      expect(badSource.status).toBe(400);
      expect(badSource.body.data).toEqual([{ error_field: 'source', error_msg: 'Upload source must be post, avatar or branding.' }]);
      const noFile = await upload(bob.token, { source: 'post' });
      expect(noFile.body.data).toEqual([{ error_field: 'file', error_msg: 'Choose a file to upload.' }]);
      expect((await upload(bob.token, { source: 'branding' }, file)).status).toBe(403);
      expect((await upload(admin, { source: 'branding' }, file)).status).toBe(200);
    });
  });
}
