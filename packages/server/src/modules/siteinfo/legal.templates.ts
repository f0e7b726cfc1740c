/**
 * Starter texts of the legal pages (issue: a fresh site looks finished): a Terms of Service and a Privacy Policy
 * for any community, in the site's language, written into the legal settings at install so /tos and /privacy show
 * them and the admin's legal page opens pre-filled. Each starts with a note marking it as a template to adapt (no
 * title of its own: the page shows it);
 * while either text still carries a note, the dashboard's first-run checklist keeps "legal" open.
 * Files: i18n/<lang>/legal/terms.md and privacy.md (markdown, `{{site_name}}` and `{{contact}}` filled in);
 * a language without them gets en_US's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE } from '@quorum/contract';
import { I18N_DIR } from '../../core/paths.js';
import { renderMarkdown } from '../../core/markdown.js';

/** The two documents, as their files are named. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The legal settings section's four fields (markdown and its sanitized HTML). */
export interface LegalTexts {
  terms_of_service_original_text: string;
  terms_of_service_parsed_text: string;
  privacy_policy_original_text: string;
  privacy_policy_parsed_text: string;
}

function templatePath(lang: string, doc: LegalDocument): string {
  return path.join(I18N_DIR, lang, 'legal', `${doc}.md`);
}

/** The raw template of `doc` in `lang` (en_US's when the language has none). */
export function legalTemplate(lang: string, doc: LegalDocument): string {
  const own = templatePath(lang, doc);
  return readFileSync(existsSync(own) ? own : templatePath(DEFAULT_LANGUAGE, doc), 'utf8');
}

/** Text shown as itself in markdown: ASCII punctuation backslash-escaped (CommonMark §2.4). */
function literal(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, (c) => `\\${c}`);
}

/**
 * The starter legal texts of a new site in `lang`, with the site's name and its contact (the contact e-mail, or
 * the site address when none was given) filled in, rendered once like an admin's save (siteinfo.admin.ts).
 */
export function starterLegalTexts(lang: string, site: { name: string; contactEmail: string; siteUrl: string }): LegalTexts {
  const fill = (doc: LegalDocument) =>
    legalTemplate(lang, doc)
      .replace(/\{\{site_name\}\}/g, literal(site.name))
      .replace(/\{\{contact\}\}/g, site.contactEmail ? `<${site.contactEmail}>` : literal(site.siteUrl));
  const terms = fill('terms');
  const privacy = fill('privacy');
  return {
    terms_of_service_original_text: terms,
    terms_of_service_parsed_text: renderMarkdown(terms),
    privacy_policy_original_text: privacy,
    privacy_policy_parsed_text: renderMarkdown(privacy),
  };
}

let notes: string[] | undefined;

/**
 * The opening of every language's template note (`> **…**`), read once per process: the files ship with the
 * release and never change while it runs (like core/i18n's bundles), so nothing needs invalidating.
 */
function templateNotes(): string[] {
  if (!notes) {
    const found = new Set<string>();
    for (const lang of readdirSync(I18N_DIR)) {
      for (const doc of LEGAL_DOCUMENTS) {
        const file = templatePath(lang, doc);
        const m = existsSync(file) ? /^> \*\*[^*]+\*\*/m.exec(readFileSync(file, 'utf8')) : null;
        if (m) found.add(m[0]);
      }
    }
    notes = [...found];
  }
  return notes;
}

/** True while `text` still carries a starter template's note (the admin has not adapted it yet). */
export function isLegalTemplate(text: string): boolean {
  return templateNotes().some((n) => text.includes(n));
}
