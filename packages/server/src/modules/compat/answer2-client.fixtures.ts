/**
 * What Answer 2.0.2's web client reads from the calls Quorum serves for it beside 1.4's (issue #40), written from
 * Answer 2.0.2's response structs (internal/schema: Site*Resp, SiteInfoResp, GetAPIKeyResp, SiteMCPResp) and its
 * client (ui/src/services, ui/src/utils/guard.ts): the keys each object must carry, by JSON type, and a checker.
 * Extra keys are allowed (Answer's client ignores them).
 */
import type { Kind, Shape } from './answer-client.fixtures.js';

/** GET /admin/api/siteinfo/{section} of 2.x, by section. */
export const V2_SECTIONS: Record<string, Shape> = {
  question: { min_tags: 'number', min_content: 'number', restrict_answer: 'boolean' },
  tag: { reserved_tags: 'array', recommend_tags: 'array', required_tag: 'boolean' },
  advanced: { max_image_size: 'number', max_attachment_size: 'number', max_image_megapixel: 'number', authorized_image_extensions: 'array', authorized_attachment_extensions: 'array' },
  security: { login_required: 'boolean', external_content_display: 'string', check_update: 'boolean' },
  'users-settings': { default_avatar: 'string', gravatar_base_url: 'string' },
  polices: { terms_of_service_original_text: 'string', terms_of_service_parsed_text: 'string', privacy_policy_original_text: 'string', privacy_policy_parsed_text: 'string' },
};

/** GET /siteinfo: the sections 2.x's client reads at start (initAppSettingsStore), beside 1.4's. */
export const V2_SITEINFO: Shape = {
  general: 'object', interface: 'object', users_settings: 'object', branding: 'object', login: 'object', theme: 'object', custom_css_html: 'object',
  site_seo: 'object', site_users: 'object', site_advanced: 'object', site_questions: 'object', site_tags: 'object', site_legal: 'object',
  site_security: 'object', version: 'string', revision: 'string', ai_enabled: 'boolean', mcp_enabled: 'boolean',
};

/** GET /admin/api/api-key/all items (GetAPIKeyResp; `id` is Quorum's string id, which 2.x's client passes back). */
export const V2_API_KEY: Shape = { id: 'string', access_key: 'string', description: 'string', scope: 'string', created_at: 'number', last_used_at: 'number' };

/** GET /admin/api/mcp-config (SiteMCPResp). */
export const V2_MCP: Shape = { enabled: 'boolean', type: 'string', url: 'string', http_header: 'string' };

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'array' : typeof v;
}

/** The keys of `shape` that `obj` lacks or carries with another JSON type, as `where.key: kind` lines. */
export function mismatches(obj: unknown, shape: Shape, where: string): string[] {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return [`${where}: expected an object, got ${kindOf(obj)}`];
  return Object.entries(shape).flatMap(([key, want]: [string, Kind]) => {
    const got = kindOf((obj as Record<string, unknown>)[key]);
    const fine = want === 'null|object' ? got === 'null' || got === 'object' : got === want;
    return fine ? [] : [`${where}.${key}: expected ${want}, got ${got}`];
  });
}
