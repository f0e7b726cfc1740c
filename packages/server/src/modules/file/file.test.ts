import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { DIALECTS, adminToken, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { getSettings, saveSection } from '../siteinfo/index.js';
import { activeUser, multipart, type TestUser } from '../comment/social.testkit.js';

const F = '/answer/api/v1/file';
const LIMIT_4MB = 4 * 1024 * 1024;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366ff' } }).png().toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid, all-black 1-bit greyscale PNG of any size, built by hand: a 16000x16000 one is about 30 KB and takes
 * well under a second, where encoding it with sharp takes over ten.
 */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter byte 0, then zero bits
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const HUGE = blackPng(16000, 16000);

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

    const multipartWith = (token: string, fields: Record<string, string>, data: Buffer, lang: string) => {
      const { payload, headers } = multipart(fields, { name: 'x.png', type: 'image/png', data });
      return { payload, headers: { ...headers, authorization: token, 'accept-language': lang } };
    };
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
      // a post image's name carries its size, which its posts' HTML gives the <img> (no layout shift)
      expect(r.body.data).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}-40x30\.png$/);
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

    it('refuses images over 40 megapixels from their header, for posts and avatars alike', async (t) => {
      if (!site) return t.skip();
      expect(HUGE.length).toBeLessThan(LIMIT_4MB);
      expect(await sharp(HUGE).metadata()).toMatchObject({ width: 16000, height: 16000, format: 'png' });
      for (const source of ['post', 'avatar']) {
        const r = await upload(bob.token, { source }, { name: 'huge.png', type: 'image/png', data: HUGE });
        expect([source, r.status, r.body.data]).toEqual([source, 400, [{ error_field: 'file', error_msg: 'Image cannot be larger than 40 megapixels.' }]]);
      }
      const zh = await site.app.inject({ method: 'POST', url: F, ...multipartWith(bob.token, { source: 'post' }, HUGE, 'zh-CN') });
      expect(zh.json().data[0].error_msg).toBe('图片不能超过 40 百万像素。');
      const rows = await site.app.quorum.database!.kysely.selectFrom('files').select('id').where('size', '=', HUGE.length).execute();
      expect(rows).toEqual([]);
    });

    it('takes the megapixel limit from the site_write setting', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      const s = await getSettings(ctx);
      await saveSection(ctx, 'site_write', { ...s.site_write, max_image_megapixel: 1 });
      try {
        const over = await upload(bob.token, { source: 'post' }, { name: 'a.png', type: 'image/png', data: blackPng(1001, 1000) });
        expect(over.body.data).toEqual([{ error_field: 'file', error_msg: 'Image cannot be larger than 1 megapixels.' }]);
        expect((await upload(bob.token, { source: 'post' }, { name: 'b.png', type: 'image/png', data: blackPng(1000, 1000) })).status).toBe(200);
      } finally {
        await saveSection(ctx, 'site_write', s.site_write);
      }
    });

    it('never enlarges avatars, and keeps a small square one as small as it came', async (t) => {
      if (!site) return t.skip();
      const wide = await upload(bob.token, { source: 'avatar' }, { name: 'small.png', type: 'image/png', data: await png(64, 40) });
      const served = await site.app.inject({ method: 'GET', url: wide.body.data });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([40, 40]);
      const tiny = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366ff' } }).png({ compressionLevel: 9, palette: true }).toBuffer();
      const kept = await upload(bob.token, { source: 'avatar' }, { name: 'tiny.png', type: 'image/png', data: tiny });
      const stored = (await site.app.inject({ method: 'GET', url: kept.body.data })).rawPayload;
      expect(stored.length).toBeLessThanOrEqual(tiny.length);
      expect(await sharp(stored).metadata()).toMatchObject({ width: 32, height: 32 });
      const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#884422' } }).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'somebody' } } }).toBuffer();
      const cropped = await upload(bob.token, { source: 'avatar' }, { name: 'p.jpg', type: 'image/jpeg', data: photo });
      const out = await sharp((await site.app.inject({ method: 'GET', url: cropped.body.data })).rawPayload).metadata();
      expect([out.width, out.height, out.exif]).toEqual([256, 256, undefined]);
    });

    it('strips EXIF (GPS, camera) from post images, applying the rotation first; clean images are kept as sent', async (t) => {
      if (!site) return t.skip();
      const gps = { IFD0: { Make: 'PhoneCo', Model: 'P1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } };
      const photo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#226644' } }).jpeg().withMetadata({ orientation: 6, exif: gps }).toBuffer();
      expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
      const posted = await upload(bob.token, { source: 'post' }, { name: 'photo.jpg', type: 'image/jpeg', data: photo });
      expect(posted.status).toBe(200);
      // the size in the name is the one shown: after the quarter turn
      expect(posted.body.data).toMatch(/-60x120\.jpg$/);
      const stored = (await site.app.inject({ method: 'GET', url: posted.body.data })).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
      // orientation 6 (rotate 90 degrees clockwise) is applied to the pixels, so the picture still stands upright
      expect([meta.format, meta.width, meta.height, meta.orientation ?? 1]).toEqual(['jpeg', 60, 120, 1]);
      const clean = await png(50, 20);
      const kept = await upload(bob.token, { source: 'post' }, { name: 'clean.png', type: 'image/png', data: clean });
      expect((await site.app.inject({ method: 'GET', url: kept.body.data })).rawPayload.equals(clean)).toBe(true);
    });

    it("gives an uploaded image's size to the <img> of the post that shows it, and only to uploaded images", async (t) => {
      if (!site) return t.skip();
      const r = await upload(bob.token, { source: 'post' }, { name: 'wide.png', type: 'image/png', data: await png(800, 450) });
      expect(r.status).toBe(200);
      const body = { title: 'A question showing a wide picture', content: `Here it is:\n\n![the chart](${r.body.data})\n\n![elsewhere](https://img.example/a.png) and <img src="${r.body.data}" width="80">`, tags: [{ slug_name: 'pictures', display_name: 'pictures' }] };
      const asked = await site.app.inject({ method: 'POST', url: '/answer/api/v1/question', headers: { authorization: admin }, payload: body });
      expect(asked.statusCode).toBe(200);
      const info = await site.app.inject({ method: 'GET', url: `/answer/api/v1/question/info?id=${asked.json().data.id}` });
      const html = info.json().data.html as string;
      expect(html).toContain(`<img src="${r.body.data}" alt="the chart" width="800" height="450" loading="lazy" />`);
      expect(html).toContain('<img src="https://img.example/a.png" alt="elsewhere" loading="lazy" />');
      // a size the author wrote is kept as written
      expect(html).toContain(`<img src="${r.body.data}" width="80" loading="lazy" />`);
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
