/**
 * Test support: a SAML 2.0 identity provider built with xml-crypto (the signer node-saml itself uses), for the SAML
 * login tests. Its RSA key pair is made here with node:crypto and its X.509 certificate with `selfsigned`, so
 * nothing is shipped or fetched. It makes Responses (a signed assertion by default; signed Response, unsigned,
 * tampered after signing, signed with another key, expired, for another audience, on demand), signed LogoutRequests
 * in the HTTP-Redirect binding, and, for the browser test, serves pages on a free local port:
 * - GET /sso?SAMLRequest=&RelayState=: the SP's AuthnRequest; a login form (username, password);
 * - POST /sso: checks the password and posts a signed Response to the SP's ACS (an auto-submitting form);
 * - GET /initiate?user=&relay=: an IdP-initiated login of `user` (no InResponseTo);
 * - GET /logout?user=: IdP-initiated single logout: a signed LogoutRequest to the SP's SLO;
 * - GET /slo: the SP's LogoutRequest (answered with a LogoutResponse) or its LogoutResponse ("Logged out");
 * - GET /send/<n>: posts a Response the test prepared (prepare()) to the ACS, e.g. a forged one.
 */
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { freePort } from './ports.js';

const NS = 'xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A signing key and its self-signed certificate (PEM). */
export interface KeyPair {
  privateKey: string;
  cert: string;
}

/** A new RSA-2048 key pair with a self-signed certificate valid for a day. */
export async function makeKeyPair(commonName = 'Test IdP'): Promise<KeyPair> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const pems = await generate([{ name: 'commonName', value: commonName }], { keyPair: { privateKey, publicKey }, algorithm: 'sha256', notAfterDate: new Date(Date.now() + 86400_000) });
  return { privateKey, cert: pems.cert };
}

/** A member the IdP knows. */
export interface IdpUser {
  nameId: string;
  password: string;
  attributes: Record<string, string | string[]>;
}

/** What one Response says and how it is signed (everything optional: a valid signed assertion). */
export interface ResponseOptions {
  user: IdpUser;
  acsUrl: string;
  audience: string;
  inResponseTo?: string;
  issuer?: string;
  /** seconds from now until NotOnOrAfter (negative: already expired); default 300 */
  validFor?: number;
  /** `assertion` (default), `response`, `both` or `none` */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** sign with this key instead of the IdP's */
  key?: KeyPair;
  /** change the NameID after signing (the digest no longer matches) */
  tamper?: boolean;
  assertionId?: string;
  recipient?: string;
  sessionIndex?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const newId = () => `_${randomBytes(16).toString('hex')}`;

function sign(xml: string, key: KeyPair, element: 'Assertion' | 'Response'): string {
  const sig = new SignedXml({ privateKey: key.privateKey, publicCert: key.cert, signatureAlgorithm: RSA_SHA256, canonicalizationAlgorithm: EXC_C14N });
  const target = element === 'Response' ? "/*[local-name(.)='Response']" : "//*[local-name(.)='Assertion']";
  sig.addReference({ xpath: target, transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N], digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' });
  sig.computeSignature(xml, { location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}

/** A test identity provider: its entity ID, SSO/SLO URLs once started, key pair, and the messages it makes. */
export class TestIdp {
  readonly entityId: string;
  readonly users = new Map<string, IdpUser>();
  /** NameIDs whose logout the SP confirmed (LogoutResponse received) */
  readonly loggedOut: string[] = [];
  baseUrl = '';
  private server: Server | undefined;
  private readonly prepared: string[] = [];

  constructor(
    readonly key: KeyPair,
    readonly sp: { acsUrl: string; sloUrl: string; audience: string },
    entityId = 'https://idp.test/saml',
  ) {
    this.entityId = entityId;
  }

  /** The settings the SP needs to trust this IdP. */
  get settings() {
    return { idp_entity_id: this.entityId, idp_sso_url: `${this.baseUrl || 'http://127.0.0.1:9'}/sso`, idp_slo_url: `${this.baseUrl || 'http://127.0.0.1:9'}/slo`, idp_cert: this.key.cert };
  }

  /** A Response as the XML text (see ResponseOptions). */
  responseXml(o: ResponseOptions): string {
    const now = Date.now();
    const until = iso(now + (o.validFor ?? 300) * 1000);
    const issuer = esc(o.issuer ?? this.entityId);
    const irt = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
    const attrs = Object.entries(o.user.attributes)
      .map(([name, v]) => `<saml:Attribute Name="${esc(name)}">${(Array.isArray(v) ? v : [v]).map((x) => `<saml:AttributeValue>${esc(x)}</saml:AttributeValue>`).join('')}</saml:Attribute>`)
      .join('');
    const assertion =
      `<saml:Assertion ID="${esc(o.assertionId ?? newId())}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">${esc(o.user.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
      `<saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${esc(o.recipient ?? o.acsUrl)}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${esc(o.sessionIndex ?? newId())}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attrs}</saml:AttributeStatement></saml:Assertion>`;
    let xml =
      `<samlp:Response ${NS} ID="${newId()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.acsUrl)}"${irt}><saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    const key = o.key ?? this.key;
    const how = o.sign ?? 'assertion';
    if (how === 'assertion' || how === 'both') xml = sign(xml, key, 'Assertion');
    if (how === 'response' || how === 'both') xml = sign(xml, key, 'Response');
    if (o.tamper) xml = xml.replace(`>${esc(o.user.nameId)}</saml:NameID>`, '>mallory@example.com</saml:NameID>');
    return xml;
  }

  /** A Response base64-encoded, as the SAMLResponse form field. */
  response(o: ResponseOptions): string {
    return Buffer.from(this.responseXml(o)).toString('base64');
  }

  /** The query (without '?') of a signed HTTP-Redirect message to the SP (SAML Bindings §3.4.4.1). */
  redirectQuery(param: 'SAMLRequest' | 'SAMLResponse', xml: string, relayState = '', key: KeyPair = this.key): string {
    let q = `${param}=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}`;
    if (relayState) q += `&RelayState=${encodeURIComponent(relayState)}`;
    q += `&SigAlg=${encodeURIComponent(RSA_SHA256)}`;
    const signature = createSign('RSA-SHA256').update(q).sign(key.privateKey, 'base64');
    return `${q}&Signature=${encodeURIComponent(signature)}`;
  }

  /** A LogoutRequest for a NameID (IdP-initiated single logout). */
  logoutRequestXml(nameId: string, sessionIndex = ''): string {
    const now = Date.now();
    return (
      `<samlp:LogoutRequest ${NS} ID="${newId()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(this.sp.sloUrl)}" NotOnOrAfter="${iso(now + 300_000)}">` +
      `<saml:Issuer>${esc(this.entityId)}</saml:Issuer><saml:NameID Format="${EMAIL_FORMAT}">${esc(nameId)}</saml:NameID>${sessionIndex ? `<samlp:SessionIndex>${esc(sessionIndex)}</samlp:SessionIndex>` : ''}</samlp:LogoutRequest>`
    );
  }

  /** The LogoutResponse to the SP's LogoutRequest `requestId`. */
  logoutResponseXml(requestId: string): string {
    return (
      `<samlp:LogoutResponse ${NS} ID="${newId()}" Version="2.0" IssueInstant="${iso(Date.now())}" Destination="${esc(this.sp.sloUrl)}" InResponseTo="${esc(requestId)}">` +
      `<saml:Issuer>${esc(this.entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`
    );
  }

  /** The address of a page that posts `samlResponse` (base64) to the SP's ACS, as many times as it is opened. */
  prepare(samlResponse: string, relayState = ''): string {
    this.prepared.push(JSON.stringify([samlResponse, relayState]));
    return `${this.baseUrl}/send/${this.prepared.length - 1}`;
  }

  /**
   * Starts the IdP's pages on a free local port (this file's header lists them). `host` is the name its addresses
   * use: `localhost` makes the IdP another site than an SP on 127.0.0.1, as a real IdP is (SameSite cookies).
   */
  async start(host = '127.0.0.1'): Promise<void> {
    const port = await freePort();
    this.baseUrl = `http://${host}:${port}`;
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        try {
          this.handle(req.method ?? 'GET', new URL(req.url ?? '/', this.baseUrl), new URLSearchParams(body), (status, html, location) => {
            res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...(location ? { location } : {}) });
            res.end(html);
          });
        } catch (err) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  /** Stops the pages. */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private page(title: string, inner: string): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1>${inner}</main></body></html>`;
  }

  private postToAcs(user: IdpUser, relayState: string, inResponseTo?: string): string {
    return this.autoPost(this.response({ user, acsUrl: this.sp.acsUrl, audience: this.sp.audience, inResponseTo }), relayState);
  }

  private autoPost(saml: string, relayState: string): string {
    return this.page(
      'Signing you in',
      `<form method="post" action="${esc(this.sp.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${saml}"><input type="hidden" name="RelayState" value="${esc(relayState)}"><button type="submit">Continue</button></form>` +
        '<script>document.forms[0].submit()</script>',
    );
  }

  private handle(method: string, url: URL, form: URLSearchParams, send: (status: number, html: string, location?: string) => void): void {
    const q = url.searchParams;
    if (url.pathname === '/sso' && method === 'GET') {
      const request = inflateRawSync(Buffer.from(q.get('SAMLRequest') ?? '', 'base64')).toString();
      const id = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
      return send(
        200,
        this.page(
          'Test IdP login',
          `<form method="post" action="/sso"><input type="hidden" name="request_id" value="${esc(id)}"><input type="hidden" name="relay" value="${esc(q.get('RelayState') ?? '')}">` +
            '<label>Username <input name="username" autocomplete="username"></label> <label>Password <input name="password" type="password"></label> <button type="submit">Sign in</button></form>',
        ),
      );
    }
    if (url.pathname === '/sso' && method === 'POST') {
      const user = this.users.get(form.get('username') ?? '');
      if (!user || user.password !== form.get('password')) return send(401, this.page('Test IdP login', '<p role="alert">Wrong username or password.</p>'));
      return send(200, this.postToAcs(user, form.get('relay') ?? '', form.get('request_id') || undefined));
    }
    if (url.pathname === '/initiate') {
      const user = this.users.get(q.get('user') ?? '');
      return user ? send(200, this.postToAcs(user, q.get('relay') ?? '')) : send(404, this.page('Unknown user', ''));
    }
    if (url.pathname === '/logout') {
      const user = this.users.get(q.get('user') ?? '');
      if (!user) return send(404, this.page('Unknown user', ''));
      return send(302, '', `${this.sp.sloUrl}?${this.redirectQuery('SAMLRequest', this.logoutRequestXml(user.nameId), 'idp-logout')}`);
    }
    if (url.pathname === '/slo' && q.get('SAMLRequest')) {
      const request = inflateRawSync(Buffer.from(q.get('SAMLRequest')!, 'base64')).toString();
      const id = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
      const nameId = /<(?:saml:)?NameID[^>]*>([^<]+)</.exec(request)?.[1] ?? '';
      this.loggedOut.push(nameId);
      return send(302, '', `${this.sp.sloUrl}?${this.redirectQuery('SAMLResponse', this.logoutResponseXml(id), q.get('RelayState') ?? '')}`);
    }
    if (url.pathname === '/slo' && q.get('SAMLResponse')) {
      const response = inflateRawSync(Buffer.from(q.get('SAMLResponse')!, 'base64')).toString();
      const success = response.includes('status:Success');
      return send(200, this.page(success ? 'Logged out' : 'Logout failed', `<p>${success ? 'The service provider ended your session.' : esc(response)}</p>`));
    }
    const sent = /^\/send\/(\d+)$/.exec(url.pathname);
    if (sent && this.prepared[Number(sent[1])]) {
      const [saml, relay] = JSON.parse(this.prepared[Number(sent[1])]!) as [string, string];
      return send(200, this.autoPost(saml, relay));
    }
    send(404, this.page('Not found', ''));
  }
}

/** A test IdP for an SP at `spBase` (a site whose SAML entity ID is the default metadata URL), with a key pair. */
export async function testIdp(spBase: string): Promise<TestIdp> {
  return new TestIdp(await makeKeyPair(), { acsUrl: `${spBase}/answer/api/v1/saml/acs`, sloUrl: `${spBase}/answer/api/v1/saml/slo`, audience: `${spBase}/answer/api/v1/saml/metadata` });
}
