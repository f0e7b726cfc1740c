/**
 * A fresh site's legal pages: the installer writes starter Terms of Service and Privacy Policy texts in the site's
 * language, marked as templates to adapt, so /tos and /privacy are not empty and the admin's legal page opens
 * pre-filled; the dashboard checklist keeps "legal" open until the admin has removed the template notes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@quorum/contract';
import { DIALECTS, adminToken, call, freshApp, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { LEGAL_DOCUMENTS, isLegalTemplate, legalTemplate } from './legal.templates.js';

const ADM = '/answer/admin/api';
const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`starter legal texts of a fresh site on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    });
    afterAll(async () => site?.close());

    it('shows the terms and the privacy policy on the legal pages, with the site name and contact, marked as templates', async (t) => {
      if (!site) return t.skip();
      const tos = (await call(site.app, 'GET', `${V1}/siteinfo/legal?info_type=tos`)).body.data;
      expect(tos.terms_of_service_parsed_text).toContain('<h2>Your account</h2>');
      expect(tos.terms_of_service_parsed_text).toContain('<strong>Template to adapt.</strong>');
      expect(tos.terms_of_service_parsed_text).toContain('Test Site');
      expect(tos.terms_of_service_parsed_text).toContain('contact@example.com');
      expect(tos.terms_of_service_parsed_text).not.toMatch(/\{\{|<script/);
      const privacy = (await call(site.app, 'GET', `${V1}/siteinfo/legal?info_type=privacy`)).body.data;
      expect(privacy.privacy_policy_parsed_text).toContain('<h2>What we collect</h2>');
      expect(privacy.privacy_policy_parsed_text).toContain('<strong>Template to adapt.</strong>');
      expect(privacy.privacy_policy_parsed_text).toContain('contact@example.com');
    });

    it('pre-fills the admin legal settings, and the checklist counts them only once the template notes are gone', async (t) => {
      if (!site) return t.skip();
      const legal = (await call(site.app, 'GET', `${ADM}/siteinfo/legal`, { token: admin })).body.data;
      expect(legal.terms_of_service_original_text).toMatch(/^> \*\*Template to adapt\.\*\*/);
      expect(legal.privacy_policy_original_text).toMatch(/^> \*\*Template to adapt\.\*\*/);
      const legalItem = async () => ((await call(site!.app, 'GET', `${ADM}/dashboard`, { token: admin })).body.data.info.checklist as { key: string; done: boolean }[]).find((c) => c.key === 'legal');
      expect(await legalItem()).toMatchObject({ done: false });

      // Adapting the terms only: still open.
      const adapted = (text: string) => text.replace(/^> .*\n\n/m, '');
      const terms = adapted(legal.terms_of_service_original_text);
      expect((await call(site.app, 'PUT', `${ADM}/siteinfo/legal`, { token: admin, body: { ...legal, terms_of_service_original_text: terms } })).status).toBe(200);
      expect(await legalItem()).toMatchObject({ done: false });
      const privacy = adapted(legal.privacy_policy_original_text);
      expect((await call(site.app, 'PUT', `${ADM}/siteinfo/legal`, { token: admin, body: { terms_of_service_original_text: terms, privacy_policy_original_text: privacy } })).status).toBe(200);
      expect(await legalItem()).toMatchObject({ done: true });
      const tos = (await call(site.app, 'GET', `${V1}/siteinfo/legal?info_type=tos`)).body.data.terms_of_service_parsed_text;
      expect(tos).toContain('<h2>Your account</h2>');
      expect(tos).not.toContain('Template to adapt');
    });
  });
}

describe('starter legal texts in the install language', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('a site installed in Chinese through the wizard gets Chinese terms and policy', async () => {
    const f = await freshApp();
    cleanups.push(f.cleanup);
    expect((await call(f.app, 'POST', '/installation/init', { body: { db_type: 'sqlite3', db_file: 'quorum.db' } })).status).toBe(200);
    const base = { lang: 'zh_CN', site_name: '烘焙*同好*', site_url: 'https://bake.example.org', contact_email: 'hello@bake.example.org', name: 'root', password: 'root-pass-1', email: 'root@example.com' };
    expect((await call(f.app, 'POST', '/installation/base-info', { body: base })).status).toBe(200);
    const tos = (await call(f.app, 'GET', `${V1}/siteinfo/legal?info_type=tos`)).body.data.terms_of_service_parsed_text;
    expect(tos).toContain('<h2>你的账户</h2>');
    expect(tos).toContain('<strong>需要修改的模板。</strong>');
    // The name is shown as typed (not as emphasis).
    expect(tos).toContain('烘焙*同好*');
    expect(tos).toContain('hello@bake.example.org');
    const privacy = (await call(f.app, 'GET', `${V1}/siteinfo/legal?info_type=privacy`)).body.data.privacy_policy_parsed_text;
    expect(privacy).toContain('<h2>我们收集什么</h2>');
  });

  it('every language has both templates, with the same placeholders and a note the checklist recognises', () => {
    for (const { value: lang } of LANGUAGES) {
      for (const doc of LEGAL_DOCUMENTS) {
        const text = legalTemplate(lang, doc);
        // The page gives the title (/tos, /privacy): the text starts with the note, then its own sections.
        expect(text.startsWith('> **'), `${lang}/${doc} note first`).toBe(true);
        expect(text, `${lang}/${doc} sections`).toMatch(/^## /m);
        expect(text, `${lang}/${doc} no title`).not.toMatch(/^# /m);
        expect(text.match(/\{\{\w+\}\}/g)?.sort(), `${lang}/${doc} placeholders`).toEqual(legalTemplate('en_US', doc).match(/\{\{\w+\}\}/g)?.sort());
        expect(isLegalTemplate(text), `${lang}/${doc} note`).toBe(true);
        if (lang !== 'en_US') expect(text, `${lang}/${doc} translated`).not.toBe(legalTemplate('en_US', doc));
      }
    }
  });
});
