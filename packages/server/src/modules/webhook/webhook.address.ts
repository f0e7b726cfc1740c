/**
 * Where webhooks may be sent (server-side request forgery guard, docs/OPERATIONS.md "Webhooks and private
 * addresses"). A delivery URL whose host is, or resolves to, a loopback, private, carrier-grade NAT, link-local
 * (which holds the cloud metadata address 169.254.169.254), unique-local, multicast or reserved address is refused
 * when the hook is registered, and again at every delivery: the connection is made only to an address checked in
 * the same DNS answer it connects to (no window for a name that re-resolves to an inner address). IPv4 inside
 * IPv6 (mapped, compatible, SIIT-translated, NAT64, 6to4, Teredo) is judged by its IPv4 address. An operator whose
 * receivers are on the private network allows them with `QUORUM_WEBHOOK_ALLOW_PRIVATE=on` (read at each use).
 * The same guard covers the server's calls to the addresses a login plugin is configured with
 * (modules/connector outbound.ts).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { fieldError } from '../../core/errors.js';

/** Whether the operator allows webhooks to private addresses (`QUORUM_WEBHOOK_ALLOW_PRIVATE` = on, true, 1 or yes). */
export function privateTargetsAllowed(): boolean {
  return /^(on|true|1|yes)$/i.test(process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE ?? '');
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
// IANA IPv6 special-purpose registry entries that are not globally reachable, among them the local-use NAT64 prefix
// 64:ff9b:1::/48 (RFC 8215; its IPv4 may sit at any of RFC 6052's offsets, so the whole prefix is refused), the
// benchmarking 2001:2::/48 and the documentation 2001:db8::/32 and 3fff::/20.
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['3fff::', 20], ['100::', 64],
  ['64:ff9b:1::', 48], ['2001:2::', 48],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** The 16 bytes of an IPv6 address (with or without an embedded dotted IPv4 tail), or null when not one. */
function ipv6Bytes(addr: string): number[] | null {
  let a = addr.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const p = dotted[1]!.split('.').map(Number);
    a = `${a.slice(0, -dotted[1]!.length)}${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail] = a.includes('::') ? a.split('::') as [string, string] : [a, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

/**
 * The IPv4 addresses an IPv6 address carries ([] when none), in every spelling that can lead to an IPv4 host:
 * - IPv4-mapped `::ffff:a.b.c.d` (`::ffff:0:0/96`, RFC 4291 §2.5.5.2) and IPv4-compatible `::a.b.c.d` (§2.5.5.1);
 * - SIIT IPv4-translated `::ffff:0:a.b.c.d` (`::ffff:0:0:0/96`, RFC 2765 §2.1);
 * - NAT64 `64:ff9b::a.b.c.d` (`64:ff9b::/96`, RFC 6052 §2.1);
 * - 6to4 `2002:aabb:ccdd::/48` (RFC 3056 §2);
 * - Teredo `2001:0:<server>:<flags>:<port>:<client>` (`2001::/32`, RFC 4380 §4): the server's address and the
 *   client's, which is stored with every bit inverted.
 */
function embeddedIpv4s(addr: string): string[] {
  const b = ipv6Bytes(addr);
  if (!b) return [];
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const ffff = (at: number) => b[at] === 255 && b[at + 1] === 255;
  const v4 = (at: number, invert = false) => b.slice(at, at + 4).map((x) => (invert ? 255 - x : x)).join('.');
  if (zero(0, 10) && ffff(10)) return [v4(12)];
  if (zero(0, 8) && ffff(8) && zero(10, 12)) return [v4(12)];
  if (zero(0, 12) && !zero(12, 16)) return [v4(12)];
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return [v4(12)];
  if (b[0] === 0x20 && b[1] === 0x02) return [v4(2)];
  if (b[0] === 0x20 && b[1] === 0x01 && zero(2, 4)) return [v4(4), v4(12, true)];
  return [];
}

/** True when `address` (an IP literal) is a public unicast address a webhook may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4s = embeddedIpv4s(address);
  if (v4s.length) return v4s.every((v4) => !blocked.check(v4, 'ipv4'));
  return !blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** Refused: the address a name resolved to, or the literal address, is not public. */
export class PrivateAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, a private or reserved address (set QUORUM_WEBHOOK_ALLOW_PRIVATE=on to allow)`);
  }
}

/**
 * Checks a hook URL when it is registered: its host must be a public IP literal or a name all of whose addresses
 * are public. Does nothing when private targets are allowed.
 * @throws 400 field error `url`: `error.webhook.url_not_public` for a private or reserved address,
 *   `error.webhook.url_unresolved` for a name that does not resolve
 */
export async function assertDeliverableUrl(url: string): Promise<void> {
  if (privateTargetsAllowed()) return;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw fieldError('url', 'error.webhook.url_not_public');
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw fieldError('url', 'error.webhook.url_unresolved');
  }
  if (!addresses.length) throw fieldError('url', 'error.webhook.url_unresolved');
  if (addresses.some((a) => !isPublicAddress(a.address))) throw fieldError('url', 'error.webhook.url_not_public');
}

/**
 * The `lookup` of delivery connections (node:http's option): resolves as usual and fails the connection with
 * PrivateAddressError when any address of the answer is not public, unless private targets are allowed.
 * Host names only: an IP literal in the URL is not looked up — check it with {@link literalRefusal} first.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  const opts = options as LookupOptions;
  dnsLookup(hostname, { ...opts, all: true } as LookupAllOptions, (err, addresses) => {
    if (err) return callback(err, opts.all ? [] : '', undefined);
    const list = addresses as LookupAddress[];
    const bad = privateTargetsAllowed() ? undefined : list.find((a) => !isPublicAddress(a.address));
    if (bad) return callback(new PrivateAddressError(hostname, bad.address) as NodeJS.ErrnoException, opts.all ? [] : '', undefined);
    if (opts.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    if (!list.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', undefined);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** For a URL whose host is an IP literal: the refusal when it is not public (and not allowed), else null. */
export function literalRefusal(url: URL): PrivateAddressError | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(host) || privateTargetsAllowed() || isPublicAddress(host)) return null;
  return new PrivateAddressError(host, host);
}
