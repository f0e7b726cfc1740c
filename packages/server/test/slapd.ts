/**
 * Test support: a real OpenLDAP server (Debian's `slapd`) started by a test on free local ports, with its own
 * slapd.conf (`-f`) and database in a temporary directory, a self-signed certificate for ldaps:// and StartTLS,
 * the memberof overlay, and a seeded directory under dc=example,dc=org:
 *
 * - ou=people: `alice` (Alice Liddell, alice@example.org, in developers and admins), `bob` (Bob Builder,
 *   bob@example.org, in developers), `nomail` (no e-mail address); passwords are `<uid>-pw`, stored as {SSHA}
 *   hashes computed here;
 * - ou=services: `cn=reader` (password `reader-pw`), the service account of search-then-bind;
 * - ou=groups: groupOfNames `developers` and `admins` (their members get `memberOf` from the overlay).
 *
 * Anonymous clients may only bind; bound ones read everything but passwords. `slapdMissing()` tells whether the
 * binary is installed; `ldapShouldRun()` skips with one printed line when it is not, except with CI=true.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';
import { freePort } from './ports.js';

export const SLAPD = '/usr/sbin/slapd';
export const BASE_DN = 'dc=example,dc=org';
export const READER = { dn: `cn=reader,ou=services,${BASE_DN}`, password: 'reader-pw' };
const ROOT = { dn: `cn=admin,${BASE_DN}`, password: randomBytes(9).toString('hex') };

/** A person of the seeded directory. */
export interface Person {
  uid: string;
  cn: string;
  mail?: string;
  password: string;
}

export const PEOPLE: Person[] = [
  { uid: 'alice', cn: 'Alice Liddell', mail: 'alice@example.org', password: 'alice-pw' },
  { uid: 'bob', cn: 'Bob Builder', mail: 'bob@example.org', password: 'bob-pw' },
  { uid: 'nomail', cn: 'No Mail', password: 'nomail-pw' },
];
export const GROUPS: Record<string, string[]> = { developers: ['alice', 'bob'], admins: ['alice'] };

/** A running test directory. */
export interface TestDirectory {
  /** ldap://127.0.0.1:<port> (plain, StartTLS offered) */
  url: string;
  /** ldaps://127.0.0.1:<port> */
  ldapsUrl: string;
  /** PEM of the server's self-signed certificate (also its own CA) */
  caPem: string;
  /** Stops the server (kept data directory) — the directory is then "down". */
  stop(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

/** True when Debian's slapd is not installed here. */
export function slapdMissing(): boolean {
  return !existsSync(SLAPD);
}

/** Whether the LDAP tests run: false with a printed line when slapd is missing and CI is not set; throws under CI=true. */
export function ldapShouldRun(): boolean {
  if (!slapdMissing()) return true;
  if (process.env.CI === 'true') throw new Error(`${SLAPD} is not installed (CI=true requires the LDAP tests: apt-get install slapd ldap-utils)`);
  console.warn(`skipping the LDAP tests: ${SLAPD} is not installed (apt-get install slapd ldap-utils)`);
  return false;
}

/** {SSHA} hash of a password (SHA-1 of password + 8-byte salt, then the salt; RFC 2307 userPassword). */
export function ssha(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

function config(dir: string): string {
  const schema = (n: string) => `include /etc/ldap/schema/${n}.schema`;
  return [
    schema('core'),
    schema('cosine'),
    schema('inetorgperson'),
    schema('nis'),
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'moduleload memberof',
    `pidfile ${dir}/slapd.pid`,
    `argsfile ${dir}/slapd.args`,
    `TLSCertificateFile ${dir}/cert.pem`,
    `TLSCertificateKeyFile ${dir}/key.pem`,
    'database mdb',
    `suffix "${BASE_DN}"`,
    `rootdn "${ROOT.dn}"`,
    `rootpw ${ROOT.password}`,
    `directory ${dir}/db`,
    'maxsize 10485760',
    'overlay memberof',
    'access to attrs=userPassword by self read by anonymous auth by * none',
    'access to * by users read by anonymous auth',
    '',
  ].join('\n');
}

function waitForPort(port: number, child: ChildProcess, log: () => string, ms = 10000): Promise<void> {
  const until = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`slapd exited (${child.exitCode}): ${log()}`));
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        if (Date.now() > until) reject(new Error(`slapd did not listen on ${port}: ${log()}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

async function seed(url: string): Promise<void> {
  const c = new Client({ url, timeout: 5000, connectTimeout: 5000 });
  try {
    await c.bind(ROOT.dn, ROOT.password);
    await c.add(BASE_DN, { objectClass: ['top', 'dcObject', 'organization'], dc: 'example', o: 'Example Org' });
    for (const ou of ['people', 'groups', 'services']) await c.add(`ou=${ou},${BASE_DN}`, { objectClass: ['top', 'organizationalUnit'], ou });
    await c.add(READER.dn, { objectClass: ['top', 'person'], cn: 'reader', sn: 'reader', userPassword: ssha(READER.password) });
    for (const p of PEOPLE) {
      const sn = p.cn.split(' ').pop()!;
      await c.add(`uid=${p.uid},ou=people,${BASE_DN}`, { objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'], uid: p.uid, cn: p.cn, sn, displayName: p.cn, ...(p.mail ? { mail: p.mail } : {}), userPassword: ssha(p.password) });
    }
    for (const [cn, members] of Object.entries(GROUPS)) {
      await c.add(`cn=${cn},ou=groups,${BASE_DN}`, { objectClass: ['top', 'groupOfNames'], cn, member: members.map((m) => `uid=${m},ou=people,${BASE_DN}`) });
    }
  } finally {
    await c.unbind().catch(() => undefined);
  }
}

/** Starts slapd with the seeded directory; `close()` it after the tests. */
export async function startDirectory(): Promise<TestDirectory> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-slapd-'));
  mkdirSync(path.join(dir, 'db'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  writeFileSync(path.join(dir, 'slapd.conf'), config(dir));
  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${tlsPort}`;
  let output = '';
  const child = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/ ${ldapsUrl}/`, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitForPort(port, child, () => output);
  await waitForPort(tlsPort, child, () => output);
  await seed(url);
  let stopped = false;
  const stop = async () => {
    if (stopped || child.exitCode !== null) return;
    stopped = true;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  };
  return {
    url,
    ldapsUrl,
    caPem: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
