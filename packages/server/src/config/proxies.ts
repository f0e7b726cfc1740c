/**
 * Which reverse proxies may tell us the client's address (`X-Forwarded-For`) and scheme (`X-Forwarded-Proto`).
 * Every per-IP rate limit and failed-login counter keys on `req.ip`; if any client could set X-Forwarded-For,
 * one attacker would look like a new visitor on every request. So forwarding headers are believed only from the
 * proxies listed in `QUORUM_TRUSTED_PROXIES` (docs/OPERATIONS.md), and by default from none.
 */
import { isIP } from 'node:net';

/** proxy-addr's named ranges, accepted as list entries. */
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Parses the trusted-proxy list.
 * @param value comma- or space-separated IPv4/IPv6 addresses, CIDR ranges (`10.0.0.0/8`), or the names
 *   `loopback`, `linklocal`, `uniquelocal`; default `QUORUM_TRUSTED_PROXIES`
 * @returns `false` (trust nobody) for an empty list, else the list for Fastify's `trustProxy`
 * @throws Error naming the entry that is neither an address, a range nor a known name
 */
export function resolveTrustedProxies(value = process.env.QUORUM_TRUSTED_PROXIES): false | string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (!entries.length) return false;
  for (const e of entries) {
    if (NAMED.has(e)) continue;
    const [addr, bits, extra] = e.split('/');
    const family = isIP(addr ?? '');
    const max = family === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!family || !okBits || extra !== undefined) {
      throw new Error(`QUORUM_TRUSTED_PROXIES: '${e}' is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}
