/** The JSON a page embeds in a <script> element: no text can end the element, and it reads back unchanged. */
import { describe, expect, it } from 'vitest';
import { scriptJson } from './ssr.renderer.js';

describe('scriptJson', () => {
  const value = {
    html: '<p>a</p></script><script>alert(1)</script><!-- x -->',
    lines: 'one\u2028two\u2029three',
    nested: [{ title: 'a < b && c > d' }, '</SCRIPT >'],
  };

  it('escapes every <, U+2028 and U+2029', () => {
    const json = scriptJson(value);
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(json).not.toContain('\u2029');
    expect(json).toContain('\\u003c/script>');
    expect(json).toContain('one\\u2028two\\u2029three');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(scriptJson(value))).toEqual(value);
    expect(JSON.parse(scriptJson('en_US'))).toBe('en_US');
  });
});
