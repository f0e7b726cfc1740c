/**
 * Request schemas, one per endpoint, shared by server (validation) and web (form checks, types), grouped by
 * area in ./schemas/. Error messages are translation keys (i18n/<lang>/server.yaml); the server translates them
 * into `{error_field, error_msg}` entries. Limits: spec §5 and §9.
 */
export * from './schemas/common.js';
export * from './schemas/core.js';
export * from './schemas/tags.js';
export * from './schemas/social.js';
export * from './schemas/posts.js';
export * from './schemas/accounts.js';
export * from './schemas/admin.js';
export * from './schemas/admin.v2.js';
export * from './schemas/moderation.js';
export * from './schemas/spam.js';
export * from './schemas/badges.js';
export * from './schemas/plugins.js';
export * from './schemas/user-center.js';
export * from './schemas/apikeys.js';
