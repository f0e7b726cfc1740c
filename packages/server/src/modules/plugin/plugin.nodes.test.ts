/**
 * "Turning a plugin off takes effect on the next request on every node" (issue: plugin system), on every engine:
 * two app instances on one database (node B built on node A's data directory, so it reads the same database
 * settings and, on SQLite, the same file). Node B serves a connector, node A switches it off, and node B's very
 * next request refuses it; switched back on through node B, node A serves it again. Plugin state is read from the
 * database on every call, so no node keeps a stale copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { enableOidc, hop, startProvider, type TestProvider } from '../connector/provider.testkit.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`plugin state across two nodes on ${dialect}`, () => {
    let site: TestSite | undefined;
    let nodeB: FastifyInstance | undefined;
    let idp: TestProvider;
    let admin = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      nodeB = await buildApp({ dataDir: site.dataDir, rateLimit: false });
      await nodeB.ready();
      admin = await adminToken(site.app);
      idp = await startProvider();
      await enableOidc(site.app, admin, idp.issuer);
    });
    afterAll(async () => {
      await nodeB?.close();
      await site?.close();
      await idp?.stop();
    });

    const status = (app: FastifyInstance, enabled: boolean) => call(app, 'PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: 'connector_oidc', enabled } });
    const connectors = async (app: FastifyInstance) => (await call(app, 'GET', `${V1}/connector/info`)).body.data as { name: string }[];

    it('a plugin switched off on one node is refused by the other on its next request', async (t) => {
      if (!site || !nodeB) return t.skip();
      expect(await connectors(nodeB)).toEqual([expect.objectContaining({ name: 'Company SSO' })]);
      expect((await hop(nodeB, `${V1}/connector/login/connector_oidc`)).location.startsWith(idp.issuer)).toBe(true);
      expect((await call(nodeB, 'GET', `${V1}/plugin/status`)).body.data).toContainEqual({ slug_name: 'connector_oidc', enabled: true });

      expect((await status(site.app, false)).status).toBe(200);
      expect(await connectors(nodeB)).toEqual([]);
      expect(await hop(nodeB, `${V1}/connector/login/connector_oidc`)).toMatchObject({ status: 302, location: '/users/auth-landing?error=disabled' });
      expect((await call(nodeB, 'GET', `${V1}/plugin/status`)).body.data).toContainEqual({ slug_name: 'connector_oidc', enabled: false });

      expect((await status(nodeB, true)).status).toBe(200);
      expect(await connectors(site.app)).toHaveLength(1);
    });
  });
}
