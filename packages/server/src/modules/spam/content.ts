/**
 * What the per-post limits of new members count in a post's markdown source (modules/spam limits.ts): images
 * (markdown `![alt](url)` and HTML `<img>`), links other than those images (http(s) addresses, bare or in links),
 * and distinct @mentions outside code (the same rule that links mentions, modules/comment mention.ts).
 */
import { mentionedNames } from '../comment/mention.js';

const IMAGE_MD = /!\[[^\]]*\]\([^)]*\)/g;
const IMAGE_HTML = /<img\b[^>]*>/gi;
const LINK = /https?:\/\/[^\s)<>"']+/gi;

/** Images in markdown: `![alt](url)` and `<img ...>`. */
export function countImages(markdown: string): number {
  return (markdown.match(IMAGE_MD) ?? []).length + (markdown.match(IMAGE_HTML) ?? []).length;
}

/** Links in markdown that are not images: http(s) addresses left once the images are taken out. */
export function countLinksBesideImages(markdown: string): number {
  return (markdown.replace(IMAGE_MD, ' ').replace(IMAGE_HTML, ' ').match(LINK) ?? []).length;
}

/** Distinct users mentioned with `@name` outside code. */
export function countMentions(markdown: string): number {
  return mentionedNames(markdown).length;
}
