/**
 * Excerpts: the text of a post's HTML (entities decoded, script/style/textarea/option/xmp content left out,
 * white space collapsed), cut with an ellipsis; the same text sanitize-html gives with no tag allowed.
 */
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { excerpt, renderMarkdown, uploadedImageSize } from './markdown.js';

/** The excerpt as made before with sanitize-html: the reference the faster parser-based one must equal. */
function reference(html: string, max = 200): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
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

const CASES = [
  '<p>Hello <b>world</b></p>\n<p>Second&nbsp;paragraph &amp; more &lt;tags&gt; "quoted" it&#39;s</p>',
  '<pre><code>if (a &lt; b) { return "x"; }</code></pre>',
  '<textarea><b>x</b></textarea>y <option>a<i>b</i></option>c <xmp><p>q</p></xmp>w',
  '<script>if (a<b) {}</script>z<style>p{}</style>s<STYLE>x</STYLE>t',
  'plain markdown: a < b > c & d, **bold**, [link](http://x.y)',
  'x &copy y &amp z &#x41; &#65; &amp;lt;b&amp;gt;',
  '<p unclosed',
  '<!-- a comment --> text <br/>after<hr>rule',
  '<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
  '',
];

describe('excerpt', () => {
  it('gives the text sanitize-html gives, for markup, markdown and malformed input', () => {
    for (const html of CASES) for (const max of [200, 20]) expect(excerpt(html, max), html).toBe(reference(html, max));
  });

  it('gives the same text as before for rendered posts', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} with *emphasis*, \`code <x>\` and a [link](https://example.com/${i}).`).join('\n\n');
    for (const source of [long, '# Title\n\n> quote & "marks"\n\n- a\n- b\n\n```\n<div>code</div>\n```']) {
      const html = renderMarkdown(source);
      expect(excerpt(html)).toBe(reference(html));
      expect(excerpt(html, 50)).toBe(reference(html, 50));
    }
  });

  it('decodes entities, drops non-text elements, collapses white space and cuts with an ellipsis', () => {
    expect(excerpt('<p>a &amp; b</p>\n\n<script>x()</script><p>c\u00a0 d</p>')).toBe('a & b c d');
    expect(excerpt('<p>one two three four</p>', 10)).toBe('one two t…');
  });
});

describe('uploadedImageSize', () => {
  it("reads the size from an uploaded post image's name, on this site or a storage's public address", () => {
    const hex = 'ab'.repeat(16);
    expect(uploadedImageSize(`/uploads/2026/12/${hex}-800x450.png`)).toEqual({ width: 800, height: 450 });
    expect(uploadedImageSize(`https://cdn.example/bucket/2026/12/${hex}-12x34.webp?v=1`)).toEqual({ width: 12, height: 34 });
    expect(uploadedImageSize(`/uploads/2026/12/${hex}.png`)).toBeNull();
    expect(uploadedImageSize(`/uploads/2026/12/${hex}-0x450.png`)).toBeNull();
    expect(uploadedImageSize('https://img.example/photo-800x450.png')).toBeNull();
  });
});
