/**
 * The service provider itself, built on @node-saml/node-saml from the settings in force and the site's base URL:
 * the entity ID and endpoint URLs, the SP metadata document, and a configured `SAML` instance. Rules it sets
 * (SAML 2.0 Core §2.5, Profiles §4.1.4): the assertion must be signed by one of the IdP's certificates (the whole
 * Response too when the admin asks), a logout message's Issuer must be the IdP's entity ID (the assertion's is
 * checked by saml.service.ts, as are its Recipient and single use), the audience must be our entity ID,
 * NotBefore / NotOnOrAfter hold within the clock skew setting, and an InResponseTo must name a request we sent
 * (kept in the database, saml.repository.ts, so that every worker and node knows it). Nothing here logs.
 */
import { X509Certificate } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type SamlConfig } from '@node-saml/node-saml';
import type { SamlSettings } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { forgetId, recalledId, rememberId } from './saml.repository.js';

/** How long a login or logout request we sent waits for its answer, seconds. */
export const REQUEST_TTL_SECONDS = 10 * 60;

/** The paths of the SP's endpoints (the metadata lists them; app.ts keeps them open on a private site). */
export const SAML_PATHS = {
  metadata: '/answer/api/v1/saml/metadata',
  login: '/answer/api/v1/saml/login',
  acs: '/answer/api/v1/saml/acs',
  slo: '/answer/api/v1/saml/slo',
} as const;

/** This site's entity ID: the setting, else the metadata URL. */
export function spEntityId(s: SamlSettings, base: string): string {
  return s.sp_entity_id || `${base}${SAML_PATHS.metadata}`;
}

/** The PEM certificates of the setting, one string each (the text between BEGIN and END lines kept whole). */
export function idpCertificates(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** The first certificate of the setting that Node cannot read, described; '' when all parse. */
export function certificateProblem(pem: string): string {
  const certs = idpCertificates(pem);
  if (!certs.length) return 'no PEM certificate found';
  for (const c of certs) {
    try {
      new X509Certificate(c);
    } catch (err) {
      return (err as Error).message;
    }
  }
  return '';
}

/** node-saml's request-ID cache on `saml_message_ids` (kind `request`), shared by every worker and node. */
function requestStore(ctx: AppContext): CacheProvider {
  const db = () => requireDb(ctx);
  return {
    async saveAsync(key, value) {
      const now = nowSeconds();
      await rememberId(db(), 'request', key, value, now + REQUEST_TTL_SECONDS, now);
      return { value, createdAt: now * 1000 };
    },
    getAsync: (key) => recalledId(db(), 'request', key, nowSeconds()),
    async removeAsync(key) {
      if (key) await forgetId(db(), 'request', key);
      return key;
    },
  };
}

/** A `SAML` instance for the settings in force (cheap to make: one per call keeps every node on the stored settings). */
export function serviceProvider(ctx: AppContext, s: SamlSettings, base: string): SAML {
  const entityId = spEntityId(s, base);
  const config: SamlConfig = {
    issuer: entityId,
    audience: entityId,
    callbackUrl: `${base}${SAML_PATHS.acs}`,
    logoutCallbackUrl: `${base}${SAML_PATHS.slo}`,
    entryPoint: s.idp_sso_url || undefined,
    logoutUrl: s.idp_slo_url || s.idp_sso_url || '',
    idpCert: idpCertificates(s.idp_cert),
    idpIssuer: s.idp_entity_id,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: s.want_response_signed,
    acceptedClockSkewMs: s.clock_skew_seconds * 1000,
    identifierFormat: s.name_id_format || null,
    validateInResponseTo: s.allow_idp_initiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_SECONDS * 1000,
    cacheProvider: requestStore(ctx),
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  };
  return new SAML(config);
}

/** GET /saml/metadata: the SP's EntityDescriptor (entity ID, ACS and SLO endpoints, NameID format, assertions signed). */
export function metadataXml(ctx: AppContext, s: SamlSettings, base: string): string {
  return serviceProvider(ctx, { ...s, idp_cert: s.idp_cert || PLACEHOLDER_CERT }, base).generateServiceProviderMetadata(null, null);
}

// node-saml wants an IdP certificate to build an instance; the metadata does not use it.
const PLACEHOLDER_CERT = '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----';
