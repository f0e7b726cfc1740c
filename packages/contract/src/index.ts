/** Contract shared by server and web: limits, enums, envelope, schemas. */
export * from './limits.js';
export * from './enums.js';
export * from './api.js';
export * from './slug.js';
export * from './customHtml.js';
export * from './schemas.js';
export * from './questionRules.js';
export * from './schemas/penalty.js';
export * from './schemas/lock.js';
export * from './schemas/bounty.js';
export * from './schemas/wiki.js';
export * from './schemas/close-vote.js';
export * from './schemas/feeds.js';
export * from './schemas/staging.js';
export * from './schemas/inbound-mail.js';
export * from './schemas/ldap.js';
export * from './schemas/saml.js';
