/**
 * Request schemas of the admin calls Answer 2.0's web client makes beside 1.4's (issue #40): the settings
 * sections 2.x split out of `write`, `legal`, `login`, `general` and `users` (schema.SiteQuestionsReq,
 * SiteTagsReq, SiteAdvancedReq, SitePoliciesReq, SiteSecurityReq, SiteUsersSettingsReq in Answer 2.0.2), the
 * MCP switch (SiteMCPReq), the API-key calls (AddAPIKeyReq, UpdateAPIKeyReq, DeleteAPIKeyReq) and emptying the
 * trash (DeletePermanentlyReq). Field names and rules follow those handlers; where a 2.x field is one that 1.4's
 * sections already carry, the 1.4 schema's field rule is reused so both calls accept and refuse the same values.
 * Absent fields keep their stored value. Messages are translation keys (i18n/<lang>/server.yaml).
 */
import { z } from 'zod';
import { SiteWriteQuestionFields } from '../questionRules.js';
import { SiteLegalReq, SiteUsersReq, SiteWriteReq } from './admin.js';

const flag = z.boolean({ error: 'error.form.is_invalid' });

/** PUT /admin/api/siteinfo/question: fewest tags (0–5) and body characters (0–65535), restrict answer. */
export const SiteQuestionsV2Req = z.object({
  ...SiteWriteQuestionFields,
  restrict_answer: flag.optional(),
});
export type SiteQuestionsV2Req = z.infer<typeof SiteQuestionsV2Req>;

/** PUT /admin/api/siteinfo/tag: reserved and recommended tags (each must exist), required tag. */
export const SiteTagsV2Req = z.object({
  reserved_tags: SiteWriteReq.shape.reserved_tags,
  recommend_tags: SiteWriteReq.shape.recommend_tags,
  required_tag: flag.optional().default(false),
});
export type SiteTagsV2Req = z.infer<typeof SiteTagsV2Req>;

/** PUT /admin/api/siteinfo/advanced: upload limits (MB, megapixels; whole numbers above 0) and extensions. */
export const SiteAdvancedV2Req = z.object({
  max_image_size: SiteWriteReq.shape.max_image_size,
  max_attachment_size: SiteWriteReq.shape.max_attachment_size,
  max_image_megapixel: SiteWriteReq.shape.max_image_megapixel,
  authorized_image_extensions: SiteWriteReq.shape.authorized_image_extensions,
  authorized_attachment_extensions: SiteWriteReq.shape.authorized_attachment_extensions,
});
export type SiteAdvancedV2Req = z.infer<typeof SiteAdvancedV2Req>;

/** PUT /admin/api/siteinfo/polices (Answer's spelling): the same body as 1.4's PUT /siteinfo/legal. */
export const SitePoliciesV2Req = SiteLegalReq;
export type SitePoliciesV2Req = z.infer<typeof SitePoliciesV2Req>;

/** How posts show images and embeds from other sites (Answer 2.x's `external_content_display`). */
export const EXTERNAL_CONTENT_DISPLAY = ['always_display', 'ask_before_display'] as const;

/** PUT /admin/api/siteinfo/security: private site, external content display (required), update check. */
export const SiteSecurityV2Req = z.object({
  login_required: flag.optional(),
  external_content_display: z.enum(EXTERNAL_CONTENT_DISPLAY, { error: 'error.settings.external_content_display_invalid' }),
  check_update: flag.optional(),
});
export type SiteSecurityV2Req = z.infer<typeof SiteSecurityV2Req>;

/** PUT /admin/api/siteinfo/users-settings: default avatar (system or gravatar, required) and Gravatar's base URL. */
export const SiteUsersSettingsV2Req = z.object({
  default_avatar: SiteUsersReq.shape.default_avatar,
  gravatar_base_url: SiteUsersReq.shape.gravatar_base_url.unwrap(),
});
export type SiteUsersSettingsV2Req = z.infer<typeof SiteUsersSettingsV2Req>;

/** PUT /admin/api/mcp-config: whether the MCP server answers. */
export const SiteMcpV2Req = z.object({ enabled: flag.optional().default(false) });
export type SiteMcpV2Req = z.infer<typeof SiteMcpV2Req>;

/** Answer 2.x's key scopes: `read-only` (GET calls only) or `global` (reads and writes). */
export const API_KEY_V2_SCOPES = ['read-only', 'global'] as const;

/** A key's description: required, not blank; at most 100 characters (the stored name's width; Answer allows 150). */
const keyDescription = z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(100, 'error.form.is_invalid');
/** A key's id: the id GET /api-key/all gave (a string here; 2.x's client passes it back untouched). */
const keyId = z.union([z.string(), z.number()], { error: 'error.form.cannot_be_empty' }).transform(String).pipe(z.string().trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid'));

/** POST /admin/api/api-key. */
export const ApiKeyAddV2Req = z.object({ description: keyDescription, scope: z.enum(API_KEY_V2_SCOPES, { error: 'error.form.is_invalid' }) });
export type ApiKeyAddV2Req = z.infer<typeof ApiKeyAddV2Req>;

/** PUT /admin/api/api-key: a new description (the scope stays). */
export const ApiKeyUpdateV2Req = z.object({ id: keyId, description: keyDescription });
export type ApiKeyUpdateV2Req = z.infer<typeof ApiKeyUpdateV2Req>;

/** DELETE /admin/api/api-key. */
export const ApiKeyDeleteV2Req = z.object({ id: keyId });

/** What DELETE /admin/api/delete/permanently empties. */
export const DELETE_PERMANENTLY_TYPES = ['users', 'questions', 'answers'] as const;
export type DeletePermanentlyType = (typeof DELETE_PERMANENTLY_TYPES)[number];

/** DELETE /admin/api/delete/permanently: the deleted users, questions or answers, all of them. */
export const DeletePermanentlyReq = z.object({ type: z.enum(DELETE_PERMANENTLY_TYPES, { error: 'error.form.is_invalid' }) });
