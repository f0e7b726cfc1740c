/**
 * The default list of disposable e-mail domains: packages/server/data/disposable-email-domains.txt, one domain a
 * line, '#' comments. It is the value of the spam setting `disposable_email_domains` until an administrator saves
 * the site's own list (modules/siteinfo defaults). Read once when the module loads; a missing file gives an empty
 * list (nothing is refused as disposable) rather than a server that cannot start.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../core/paths.js';

/** Where the shipped list lives. */
export const DISPOSABLE_DOMAINS_FILE = path.join(REPO_ROOT, 'packages', 'server', 'data', 'disposable-email-domains.txt');

/**
 * Domains of a list text: trimmed, lower case, without a leading '@', blank lines and '#' comments dropped.
 * @param text the file's content
 */
export function parseDomainList(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((l) => l.replace(/#.*$/, '').trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
}

function readDefault(): readonly string[] {
  try {
    return Object.freeze(parseDomainList(readFileSync(DISPOSABLE_DOMAINS_FILE, 'utf8')));
  } catch {
    return Object.freeze([]);
  }
}

/** The shipped default list (frozen). */
export const DEFAULT_DISPOSABLE_DOMAINS: readonly string[] = readDefault();
