import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, resolveFrameAncestors } from './csp.js';

describe('Content-Security-Policy', () => {
  it('makes a new 128-bit nonce every time', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
    // Across refills of the random pool (256 nonces each): all distinct, none all zeros.
    const many = new Set(Array.from({ length: 1000 }, newNonce));
    expect(many.size).toBe(1000);
    expect(many.has(Buffer.alloc(16).toString('base64'))).toBe(false);
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
