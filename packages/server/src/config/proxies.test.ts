import { describe, expect, it } from 'vitest';
import { call, installedSite } from '../../test/dialects.js';
import { resolveTrustedProxies } from './proxies.js';

const V1 = '/answer/api/v1';

/** Registers `n` accounts, each request claiming another client address in X-Forwarded-For; returns the statuses. */
async function registerWithSpoofedAddresses(n: number, trusted?: string): Promise<number[]> {
  const before = process.env.QUORUM_TRUSTED_PROXIES;
  if (trusted === undefined) delete process.env.QUORUM_TRUSTED_PROXIES;
  else process.env.QUORUM_TRUSTED_PROXIES = trusted;
  const site = await installedSite('sqlite3', { rateLimit: true });
  if (before === undefined) delete process.env.QUORUM_TRUSTED_PROXIES;
  else process.env.QUORUM_TRUSTED_PROXIES = before;
  try {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = await call(site.app, 'POST', `${V1}/user/register/email`, {
        body: { name: `spoofer${i}`, e_mail: `spoofer${i}@example.com`, pass: 'password-123' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        remoteAddress: '127.0.0.1',
      });
      statuses.push(r.status);
    }
    return statuses;
  } finally {
    await site.close();
  }
}

describe('client addresses behind proxies (security issue item 4)', () => {
  it('ignores X-Forwarded-For by default: a new address per request does not escape the per-IP sign-up limit', async () => {
    const statuses = await registerWithSpoofedAddresses(12);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    expect(await registerWithSpoofedAddresses(12, '127.0.0.0/8')).toEqual(Array(12).fill(200));
  });

  it('parses addresses, ranges and names, and refuses anything else with the entry named', () => {
    expect(resolveTrustedProxies('')).toBe(false);
    expect(resolveTrustedProxies(undefined)).toBe(false);
    expect(resolveTrustedProxies('10.0.0.1, 192.168.0.0/16 ::1 fd00::/8 loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
    expect(() => resolveTrustedProxies('10.0.0.0/33')).toThrow("'10.0.0.0/33'");
    expect(() => resolveTrustedProxies('proxy.example.com')).toThrow("'proxy.example.com'");
    expect(() => resolveTrustedProxies('*')).toThrow("'*'");
  });
});
