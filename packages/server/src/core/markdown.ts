/**
 * Markdown rendering and HTML sanitizing, done once when a post is written (DESIGN.md "markdown").
 * markdown-it renders (raw HTML allowed, then sanitized); sanitize-html keeps a whitelist of tags and attributes.
 * Links starting with http, https or // are external: they get rel="nofollow ugc noopener" and target="_blank"
 * (spec §5).
 */
import { Parser } from 'htmlparser2';
import MarkdownIt from 'markdown-it';
import sanitizeHtmlLib from 'sanitize-html';
import TurndownService from 'turndown';

const md = new MarkdownIt({ html: true, linkify: true, breaks: false });

const EXTERNAL = /^(https?:)?\/\//i;

/** The name of a post image uploaded here (modules/file storeUpload): 32 hex digits, `-<width>x<height>`, extension. */
const UPLOADED_IMAGE = /\/[0-9a-f]{32}-(\d{1,5})x(\d{1,5})\.(?:png|jpg|gif|webp)$/;

/**
 * The displayed size an uploaded post image's address carries (`.../<hex>-800x450.png`), wherever the uploads are
 * served from (this site or a storage's public address); null for any other address.
 * @returns width and height in pixels
 */
export function uploadedImageSize(src: string): { width: number; height: number } | null {
  const m = UPLOADED_IMAGE.exec(src.split(/[?#]/)[0]!);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

const SANITIZE: sanitizeHtmlLib.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var',
    'b', 'i', 'strong', 'em', 'strike', 's', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'abbr',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'caption', 'details', 'summary', 'span', 'div', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    pre: ['class'],
    span: ['class'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
    abbr: ['title'],
  },
  allowedClasses: { code: [/^language-[\w+#-]+$/], pre: [/^lang-[\w+#-]+$/, /^prettyprint$/], span: [/^hljs-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: true,
  transformTags: {
    // Uploaded images get their size (the page keeps their box while they load: no layout shift, the CSS scales
    // them to the column with `height: auto`) and load when they come near the screen.
    img: (tagName, attribs) => {
      const size = attribs.width || attribs.height ? null : uploadedImageSize(attribs.src ?? '');
      return { tagName, attribs: { ...attribs, ...(size ? { width: String(size.width), height: String(size.height) } : {}), loading: attribs.loading === 'eager' ? 'eager' : 'lazy' } };
    },
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (EXTERNAL.test(href)) return { tagName, attribs: { ...attribs, rel: 'nofollow ugc noopener', target: '_blank' } };
      const { target: _t, rel: _r, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
};

/** Sanitizes untrusted HTML (imported posts, rendered markdown). */
export function sanitizeHtml(html: string): string {
  return sanitizeHtmlLib(html, SANITIZE);
}

/**
 * Renders markdown to sanitized HTML.
 * @param source markdown text as typed by the author
 * @returns safe HTML to store beside the source and show as is
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(md.render(source));
}

let turndown: TurndownService | null = null;

/**
 * Derives editable markdown from HTML (imported Stack Exchange bodies). Code blocks become fenced blocks.
 * @param html sanitized or raw HTML
 */
export function htmlToMarkdown(html: string): string {
  if (!turndown) {
    turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  }
  return turndown.turndown(html);
}

/** Elements whose text is not part of a document's text (sanitize-html's default `nonTextTags`). */
const NON_TEXT = new Set(['script', 'style', 'textarea', 'option', 'xmp']);

/**
 * The text of HTML with entities decoded and the content of NON_TEXT elements left out: what sanitize-html
 * keeps with no tag allowed, read with the same parser (htmlparser2) and without sanitize-html's work on tags
 * and attributes, about half the time (an excerpt is made for every question on a list page and every question
 * read for the first time). The same text for every post of the benchmark site and every case in the tests.
 */
function textOf(html: string): string {
  let text = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (NON_TEXT.has(name)) hidden++;
      },
      onclosetag(name) {
        if (NON_TEXT.has(name) && hidden > 0) hidden--;
      },
      ontext(chunk) {
        if (hidden === 0) text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text;
}

/** `&`, `<` and `>` as entities: the form sanitize-html gives text, which `excerpt` then turns back. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Plain-text excerpt of HTML for list descriptions and meta tags.
 * @param html sanitized HTML
 * @param max maximum length in characters (an ellipsis is added when cut)
 */
export function excerpt(html: string, max = 200): string {
  const text = escapeText(textOf(html))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
