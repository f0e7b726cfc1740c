/**
 * Backups and restores of a site whose uploads are in an S3 bucket (a local s3rver started by the test): the
 * backup carries the objects; a restore puts the backup's objects back into the bucket, removes the objects of
 * the replaced content, and leaves every `files` row with its object, served at its /uploads/ URL.
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { envScope, startLocalS3, type LocalS3 } from '../../core/storage/s3.testkit.js';
import { multipart } from '../comment/social.testkit.js';
import { readEntries } from './backup.format.js';
import { backupsDir } from './backup.service.js';

const ADMIN_API = '/answer/admin/api';
const png = (w: number, background: string) => sharp({ create: { width: w, height: w, channels: 3, background } }).png().toBuffer();

let s3: LocalS3;
const env = envScope();
beforeAll(async () => {
  s3 = await startLocalS3();
}, 60_000);
afterAll(async () => {
  env.restore();
  await s3?.close();
});

for (const dialect of DIALECTS) {
  describe(`backups of S3 uploads on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let bucket = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      bucket = `backup-${dialect.replace(/\d/g, '')}-${Date.now().toString(36)}`;
      await s3.createBucket(bucket);
      env.set(s3.env(bucket));
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    }, 90_000);
    afterAll(async () => site?.close());

    const upload = async (data: Buffer) => {
      const { payload, headers } = multipart({ source: 'post' }, { name: 'x.png', type: 'image/png', data });
      const res = await site!.app.inject({ method: 'POST', url: '/answer/api/v1/file', payload, headers: { ...headers, authorization: admin } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: string }).data.slice('/uploads/'.length);
    };
    const objects = async () => (await s3.storage(bucket).list()).map((o) => o.key);
    const rows = async () => (await site!.app.quorum.database!.kysely.selectFrom('files').select('path').execute()).map((r) => r.path).sort();

    it('a backup holds the objects, and a restore puts them back and removes the replaced ones', async (t) => {
      if (!site) return t.skip();
      const a = await upload(await png(20, '#112233'));
      const b = await upload(await png(24, '#445566'));
      const started = await call(site.app, 'POST', `${ADMIN_API}/backups`, { token: admin });
      expect(started.status).toBe(200);
      const name = started.body.data.name as string;
      let listed: any;
      for (let i = 0; i < 300; i++) {
        listed = (await call(site.app, 'GET', `${ADMIN_API}/backups`, { token: admin })).body.data;
        if (!listed.running) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(listed.last_error).toBeNull();
      const inBackup = new Map<string, Buffer>();
      for await (const e of readEntries(path.join(backupsDir(site.dataDir), name))) if (e.kind === 'file') inBackup.set(e.path, e.data);
      expect([...inBackup.keys()].sort()).toEqual([a, b].sort());
      expect(inBackup.get(a)!.equals((await s3.storage(bucket).read(a))!)).toBe(true);

      // After the backup: one object lost, one upload more.
      await s3.storage(bucket).delete(a);
      const later = await upload(await png(28, '#778899'));
      expect((await objects()).sort()).toEqual([b, later].sort());

      const r = await call(site.app, 'POST', `${ADMIN_API}/backups/restore`, { token: admin, body: { name, confirm: 'Test Site' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // The backup's objects are back, the later upload went with its row, and every row has its object.
      expect((await objects()).sort()).toEqual([a, b].sort());
      expect(await rows()).toEqual([a, b].sort());
      const token = await adminToken(site.app);
      const served = await site.app.inject({ method: 'GET', url: `/uploads/${a}`, headers: { authorization: token } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(inBackup.get(a)!)).toBe(true);
      expect((await site.app.inject({ method: 'GET', url: `/uploads/${later}` })).statusCode).toBe(404);
    }, 180_000);
  });
}
