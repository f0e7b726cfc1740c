import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, resolveFrameAncestors } from './csp.js';

describe('Content-Security-Policy', () => {
  it('makes a new 128-bit nonce every time', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it('allows scripts only from the site and the nonce', () => {
    const csp = contentSecurityPolicy('abc', "'self'");
    expect(csp).toMatch(/(^|; )script-src 'self' 'nonce-abc'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('takes frame-ancestors from QUORUM_FRAME_ANCESTORS and refuses what is not a source', () => {
    expect(resolveFrameAncestors(undefined)).toBe("'self'");
    expect(resolveFrameAncestors("  'self'   https://intranet.example.com *.example.org ")).toBe("'self' https://intranet.example.com *.example.org");
    expect(resolveFrameAncestors("'none'")).toBe("'none'");
    expect(() => resolveFrameAncestors("'self'; script-src *")).toThrow('is not a CSP source');
    expect(() => resolveFrameAncestors("'unsafe-inline'")).toThrow('is not a CSP source');
    expect(() => resolveFrameAncestors("'none' https://a.example")).toThrow("'none' cannot be combined");
  });
});
