/**
 * Uploads in an S3-compatible bucket (core/storage): a local s3rver started by the test, on 127.0.0.1 only.
 * Upload, read and delete through HTTP; branding icon copies in the bucket; a public base URL; a storage that
 * fails answers 503 and leaves neither a row nor an object; a storage configured wrong or out of reach stops
 * the start with one line naming the setting.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { buildApp } from '../../app.js';
import { setUploadStorage, uploadStorage, type UploadStorage } from '../../core/storage/index.js';
import { envScope, startLocalS3, type LocalS3 } from '../../core/storage/s3.testkit.js';
import { activeUser, multipart, type TestUser } from '../comment/social.testkit.js';

const F = '/answer/api/v1/file';
const BIN = fileURLToPath(new URL('../../../bin/quorum.js', import.meta.url));
const png = (w: number, h: number, background = '#3366ff') => sharp({ create: { width: w, height: h, channels: 3, background } }).png().toBuffer();

let s3: LocalS3;
/** Environment variables for the apps this file builds; put back in afterAll. */
const env = envScope();
const setEnv = env.set;

beforeAll(async () => {
  s3 = await startLocalS3();
}, 60_000);
afterAll(async () => {
  env.restore();
  await s3?.close();
});

for (const dialect of DIALECTS) {
  describe(`uploads in S3 on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let bob: TestUser;
    let bucket = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      bucket = `uploads-${dialect.replace(/\d/g, '')}-${Date.now().toString(36)}`;
      await s3.createBucket(bucket);
      setEnv(s3.env(bucket));
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      bob = await activeUser(site.app, 'bob');
    }, 90_000);
    afterAll(async () => site?.close());

    const upload = async (token: string, source: string, data: Buffer) => {
      const { payload, headers } = multipart({ source }, { name: 'x.png', type: 'image/png', data });
      const res = await site!.app.inject({ method: 'POST', url: F, payload, headers: { ...headers, authorization: token } });
      return { status: res.statusCode, body: res.json() as { reason: string; msg: string; data: any } };
    };
    const fileRows = async () => (await site!.app.quorum.database!.kysely.selectFrom('files').select('path').execute()).map((r) => r.path).sort();

    it('stores an upload in the bucket, not the data directory, serves it at /uploads/ and answers 404 once it is deleted', async (t) => {
      if (!site) return t.skip();
      const storage = uploadStorage(site.app.quorum);
      expect(storage.kind).toBe('s3');
      const data = await png(40, 30);
      const r = await upload(bob.token, 'post', data);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}-40x30\.png$/);
      const key = r.body.data.slice('/uploads/'.length);
      expect((await s3.storage(bucket).list()).map((o) => o.key)).toContain(key);
      expect(existsSync(path.join(site.dataDir, 'uploads', key))).toBe(false);
      expect(await fileRows()).toContain(key);
      // The admin dashboard's storage figure counts the bucket's objects, not the (empty) uploads folder.
      const dashboard = await site.app.inject({ method: 'GET', url: '/answer/admin/api/dashboard', headers: { authorization: admin } });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.json().data.info.uploads_size_bytes).toBeGreaterThanOrEqual(data.length);

      const served = await site.app.inject({ method: 'GET', url: r.body.data });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(data)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain("default-src 'none'");
      const again = await site.app.inject({ method: 'GET', url: r.body.data, headers: { 'if-none-match': String(served.headers.etag) } });
      expect(again.statusCode).toBe(304);

      await storage.delete(key);
      expect((await site.app.inject({ method: 'GET', url: r.body.data })).statusCode).toBe(404);
      expect((await site.app.inject({ method: 'GET', url: '/uploads/2020/01/missing.png' })).statusCode).toBe(404);
      expect((await site.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fconf%2Fconfig.yaml' })).statusCode).toBe(404);
      expect((await site.app.inject({ method: 'GET', url: '/uploads/.hidden' })).statusCode).toBe(404);
    });

    it('crops avatars and makes the branding icon copies in the bucket, which the manifest uses', async (t) => {
      if (!site) return t.skip();
      const avatar = await upload(bob.token, 'avatar', await png(600, 400));
      expect(avatar.status).toBe(200);
      const meta = await sharp((await site.app.inject({ method: 'GET', url: avatar.body.data })).rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);

      const icon = await upload(admin, 'branding', await png(300, 300, '#aa2200'));
      expect(icon.status).toBe(200);
      const base = icon.body.data.slice('/uploads/'.length, -'.png'.length);
      const keys = (await s3.storage(bucket).list()).map((o) => o.key);
      for (const size of [32, 180, 192, 512]) expect(keys).toContain(`${base}-${size}.png`);
      const general = await site.app.inject({ method: 'GET', url: '/answer/admin/api/siteinfo/branding', headers: { authorization: admin } });
      const branding = { ...general.json().data, square_icon: icon.body.data };
      expect((await site.app.inject({ method: 'PUT', url: '/answer/admin/api/siteinfo/branding', headers: { authorization: admin }, payload: branding })).statusCode).toBe(200);
      const manifest = (await site.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json() as { icons: Array<{ src: string; sizes: string }> };
      expect(manifest.icons).toEqual([
        { src: `/uploads/${base}-192.png`, sizes: '192x192', type: 'image/png' },
        { src: `/uploads/${base}-512.png`, sizes: '512x512', type: 'image/png' },
      ]);
      const copy = await site.app.inject({ method: 'GET', url: `/uploads/${base}-512.png` });
      expect([copy.statusCode, (await sharp(copy.rawPayload).metadata()).width]).toEqual([200, 512]);
    });

    it('redirects /uploads/ to the public base URL when one is configured', async (t) => {
      if (!site) return t.skip();
      const r = await upload(bob.token, 'post', await png(12, 12));
      setEnv({ QUORUM_S3_PUBLIC_URL: 'https://cdn.example.com/files/' });
      const app = await buildApp({ dataDir: site.dataDir, rateLimit: false });
      try {
        const res = await app.inject({ method: 'GET', url: r.body.data });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(`https://cdn.example.com/files/${r.body.data.slice('/uploads/'.length)}`);
      } finally {
        setEnv({ QUORUM_S3_PUBLIC_URL: undefined });
        await app.close();
      }
    });

    it('answers 503 with a reason when the storage fails, and leaves no row and no object', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      const real = uploadStorage(ctx);
      const rowsBefore = await fileRows();
      const objectsBefore = (await s3.storage(bucket).list()).map((o) => o.key);
      try {
        // A bucket that does not exist: the first write fails.
        setUploadStorage(ctx, s3.storage('no-such-bucket'));
        const r = await upload(bob.token, 'post', await png(20, 20));
        expect(r.status).toBe(503);
        expect(r.body.reason).toBe('error.file.storage_unavailable');
        expect(r.body.msg).toBe('The image could not be stored right now. Please try again in a moment.');
        // The third write of a branding upload (its second icon copy) fails: what was written is removed again.
        let puts = 0;
        const flaky: UploadStorage = Object.assign(Object.create(real) as UploadStorage, {
          put: async (...args: Parameters<UploadStorage['put']>) => {
            if (++puts === 3) throw new Error('connection reset');
            return real.put(...args);
          },
        });
        setUploadStorage(ctx, flaky);
        const b = await upload(admin, 'branding', await png(64, 64));
        expect([b.status, b.body.reason, puts]).toEqual([503, 'error.file.storage_unavailable', 3]);
      } finally {
        setUploadStorage(ctx, real);
      }
      expect(await fileRows()).toEqual(rowsBefore);
      expect((await s3.storage(bucket).list()).map((o) => o.key)).toEqual(objectsBefore);
      // The storage back: uploads work again.
      expect((await upload(bob.token, 'post', await png(21, 21))).status).toBe(200);
    });
  });
}

/** Runs `quorum run` on a new, empty data directory and returns how it ended and what it printed on stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-s3-start-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', '--workers', '1'], {
      env: { ...process.env, QUORUM_FROM_SOURCE: '1', QUORUM_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, stderr });
    });
  });
}

describe.concurrent('a storage configured wrong stops the start', () => {
  const cases: Array<{ what: string; env: () => Record<string, string>; line: RegExp }> = [
    { what: 'no bucket', env: () => ({ ...s3.env('x'), QUORUM_S3_BUCKET: '' }), line: /^Error: storage: QUORUM_STORAGE=s3 needs QUORUM_S3_BUCKET \(storage\.s3\.bucket\)$/ },
    { what: 'one key without the other', env: () => ({ ...s3.env('x'), QUORUM_S3_SECRET_ACCESS_KEY: '' }), line: /^Error: storage: QUORUM_S3_ACCESS_KEY_ID is set without QUORUM_S3_SECRET_ACCESS_KEY/ },
    { what: 'an unknown kind', env: () => ({ QUORUM_STORAGE: 'ftp' }), line: /^Error: storage: QUORUM_STORAGE \(storage\.type\) must be local or s3, not "ftp"$/ },
    { what: 'a bucket that does not exist', env: () => s3.env('missing-bucket'), line: /^Error: storage: the S3 bucket "missing-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+: check QUORUM_S3_BUCKET/ },
    { what: 'wrong keys', env: () => ({ ...s3.env('missing-bucket'), QUORUM_S3_ACCESS_KEY_ID: 'nobody', QUORUM_S3_SECRET_ACCESS_KEY: 'wrong' }), line: /^Error: storage: the S3 service at http:\/\/127\.0\.0\.1:\d+ refused access .*check QUORUM_S3_ACCESS_KEY_ID and QUORUM_S3_SECRET_ACCESS_KEY/ },
    { what: 'an endpoint nothing listens on', env: () => ({ ...s3.env('x'), QUORUM_S3_ENDPOINT: 'http://127.0.0.1:9' }), line: /^Error: storage: cannot reach the S3 service at http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED.*check QUORUM_S3_ENDPOINT/ },
  ];
  for (const c of cases) {
    it(`with ${c.what}: exits 1 with one line naming the setting`, async () => {
      const r = await start(c.env());
      const lines = r.stderr.trim().split('\n').filter((l) => l.trim());
      expect(r.code, r.stderr).toBe(1);
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(c.line);
    }, 90_000);
  }
});
