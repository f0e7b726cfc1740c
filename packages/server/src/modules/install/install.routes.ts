/** Installer calls under /installation (answer-compat.md "Installer calls"). */
import type { FastifyInstance } from 'fastify';
import { DbCheckReq, InstallBaseInfoReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { assertNotInstalled, checkConfigFile, connectChecked, dbConfigFromRequest, initDatabase, seedSite } from './install.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function installRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  // One installer step at a time per process.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };

  app.post('/installation/config-file/check', async (req) => ok(req, await serial(() => checkConfigFile(ctx))));

  app.post('/installation/db/check', async (req) => {
    assertNotInstalled(ctx);
    const cfg = dbConfigFromRequest(parse(DbCheckReq, req.body));
    const db = await connectChecked(cfg, ctx.dataDir);
    await db.close();
    return ok(req, { connection_success: true });
  });

  app.post('/installation/init', async (req) => {
    const cfg = dbConfigFromRequest(parse(DbCheckReq, req.body));
    await serial(() => initDatabase(ctx, cfg));
    return ok(req, null);
  });

  app.post('/installation/base-info', async (req) => {
    const b = parse(InstallBaseInfoReq, req.body);
    await serial(() =>
      seedSite(ctx, {
        lang: b.lang,
        site_name: b.site_name,
        site_url: b.site_url,
        contact_email: b.contact_email,
        login_required: b.login_required,
        admin: { name: b.name, email: b.email, password: b.password },
      }),
    );
    return ok(req, null);
  });
}
