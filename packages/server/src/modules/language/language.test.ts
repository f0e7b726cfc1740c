import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@quorum/contract';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { I18N_DIR } from '../../core/paths.js';

const V1 = '/answer/api/v1';
const shipped = LANGUAGES.filter((l) => existsSync(path.join(I18N_DIR, l.value, 'server.yaml'))).map((l) => l.value);

for (const dialect of DIALECTS) {
  describe(`languages on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;

    it('offers every language with a folder under i18n/, beyond English and Chinese', async (t) => {
      if (!site) return t.skip();
      const options = (await call(app(), 'GET', `${V1}/language/options`)).body.data as { label: string; value: string; progress: number }[];
      expect(options.map((l) => l.value)).toEqual(shipped);
      expect(options.map((l) => l.value)).toEqual(expect.arrayContaining(['en_US', 'zh_CN', 'es_ES', 'fr_FR', 'de_DE']));
      expect(options.find((l) => l.value === 'de_DE')).toEqual({ label: 'Deutsch', value: 'de_DE', progress: 100 });
      expect((await call(app(), 'GET', '/installation/language/options')).body.data).toEqual(options);
      expect(options.map((l) => l.value)).not.toContain('ar_XB');
    });

    it('serves every string of a language (server messages and every ui file) for /language/config', async (t) => {
      if (!site) return t.skip();
      const fr = (await call(app(), 'GET', `${V1}/language/config?lang=fr_FR`)).body.data;
      expect(fr.header.nav.questions).toBe('Questions');
      expect(fr.header.login).toBe('Se connecter');
      expect(typeof fr.error.object.not_found).toBe('string');
      const es = (await call(app(), 'GET', `${V1}/language/config?lang=es_ES`)).body.data;
      expect(es.header.nav.tags).toBe('Etiquetas');
      const unknown = (await call(app(), 'GET', `${V1}/language/config?lang=xx_YY`)).body.data;
      expect(unknown.header.nav.tags).toBe('Tags');
    });

    it('answers in the language Accept-Language asks for, by quality and primary subtag', async (t) => {
      if (!site) return t.skip();
      const msg = async (lang: string) => (await call(app(), 'GET', `${V1}/question/info?id=1`, { lang })).body.msg as string;
      const en = await msg('en-US');
      const de = await msg('de');
      expect(de).not.toBe(en);
      expect(await msg('de-AT,en;q=0.5')).toBe(de);
      expect(await msg('en;q=0.4, de;q=0.9')).toBe(de);
      expect(await msg('es-MX')).toBe(await msg('es_ES'));
      expect(await msg('es-MX')).not.toBe(en);
      expect(await msg('fr-CA')).not.toBe(en);
      expect(await msg('ar-XB')).toBe(en);
      expect(await msg('xx, *')).toBe(en);
    });
  });
}
