/**
 * Answer 2.0's admin settings sections (issue #40 item 1): 2.0.2's client reads and saves settings through
 * sections that 2.x split out of 1.4's (GET/PUT /admin/api/siteinfo/{question, tag, advanced, security,
 * users-settings}; `polices` is 1.4's `legal` under 2.x's spelling, see siteinfo.v2.routes.ts). Each 2.x field is
 * a view of the one setting Quorum already stores for 1.4's calls, so a save through either client's call is seen
 * by the other:
 * - question: site_write.{min_tags, min_content, restrict_answer}
 * - tag: site_write.{reserved_tags, recommend_tags, required_tag}
 * - advanced: site_write.{max_image_size, max_attachment_size, max_image_megapixel, authorized_*_extensions}
 * - security: login.login_required, general.check_update, and site_security.external_content_display (2.x only)
 * - users-settings: site_users.{default_avatar, gravatar_base_url}
 * A PUT validates the whole body first (nothing partial is saved), replaces the sent fields only, records one
 * audit entry `settings.<section>` with what changed, and drops the settings cache (saveSection).
 */
import type { z } from 'zod';
import { SiteAdvancedV2Req, SiteQuestionsV2Req, SiteSecurityV2Req, SiteTagsV2Req, SiteUsersSettingsV2Req, type SiteTagsV2Req as TagsReq } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import type { UserRow } from '../../core/auth/index.js';
import { recordAdminAction, settingsDiff } from '../audit/index.js';
import type { SettingsSection, SiteSettings } from './siteinfo.defaults.js';
import { getSettings, saveSection } from './siteinfo.service.js';
import { checkWrite } from './siteinfo.admin.js';

/** Where one 2.x field is stored: the settings section and its field. */
type Place = readonly [SettingsSection, string];

interface V2Section {
  schema: z.ZodType;
  fields: Record<string, Place>;
}

const write = (f: string): Place => ['site_write', f];

/** The 2.x sections served as views of stored settings, by URL name. */
export const V2_SECTIONS = {
  question: { schema: SiteQuestionsV2Req, fields: { min_tags: write('min_tags'), min_content: write('min_content'), restrict_answer: write('restrict_answer') } },
  tag: { schema: SiteTagsV2Req, fields: { reserved_tags: write('reserved_tags'), recommend_tags: write('recommend_tags'), required_tag: write('required_tag') } },
  advanced: {
    schema: SiteAdvancedV2Req,
    fields: {
      max_image_size: write('max_image_size'),
      max_attachment_size: write('max_attachment_size'),
      max_image_megapixel: write('max_image_megapixel'),
      authorized_image_extensions: write('authorized_image_extensions'),
      authorized_attachment_extensions: write('authorized_attachment_extensions'),
    },
  },
  security: { schema: SiteSecurityV2Req, fields: { login_required: ['login', 'login_required'], external_content_display: ['site_security', 'external_content_display'], check_update: ['general', 'check_update'] } },
  'users-settings': { schema: SiteUsersSettingsV2Req, fields: { default_avatar: ['site_users', 'default_avatar'], gravatar_base_url: ['site_users', 'gravatar_base_url'] } },
} satisfies Record<string, V2Section>;

export type V2SectionName = keyof typeof V2_SECTIONS;
export const V2_SECTION_NAMES = Object.keys(V2_SECTIONS) as V2SectionName[];

/** The 2.x section `name` as stored now (Answer's Site*Resp field names). */
export function v2SectionOf(s: SiteSettings, name: V2SectionName): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, [section, key]] of Object.entries(V2_SECTIONS[name].fields)) out[field] = (s[section] as unknown as Record<string, unknown>)[key];
  return out;
}

/** GET /admin/api/siteinfo/{question, tag, advanced, security, users-settings}. */
export async function readV2Section(ctx: AppContext, name: V2SectionName): Promise<Record<string, unknown>> {
  return v2SectionOf(await getSettings(ctx), name);
}

/**
 * Answer 2.x's tag rule: a tag named both reserved and recommended stays reserved only, and each list names a
 * tag once (SaveSiteTags in Answer 2.0.2).
 */
function dedupeTags(input: TagsReq): TagsReq {
  const reserved = [...new Map(input.reserved_tags.map((t) => [t.slug_name, t])).values()];
  const taken = new Set(reserved.map((t) => t.slug_name));
  const recommend = [...new Map(input.recommend_tags.filter((t) => !taken.has(t.slug_name)).map((t) => [t.slug_name, t])).values()];
  return { ...input, reserved_tags: reserved, recommend_tags: recommend };
}

/**
 * PUT /admin/api/siteinfo/{question, tag, advanced, security, users-settings}.
 * @param input the body, already parsed with `V2_SECTIONS[name].schema` (absent fields are undefined)
 * @throws 400 field errors of the tag section (a tag that does not exist, a required tag without recommended
 *   tags: the rules of 1.4's PUT /siteinfo/write); nothing is saved
 */
export async function updateV2Section(ctx: AppContext, admin: UserRow, name: V2SectionName, input: Record<string, unknown>): Promise<void> {
  if (name === 'tag') {
    input = dedupeTags(input as TagsReq);
    await checkWrite(ctx, input as TagsReq);
  }
  const settings = await getSettings(ctx);
  const before = v2SectionOf(settings, name);
  const next = new Map<SettingsSection, Record<string, unknown>>();
  for (const [field, [section, key]] of Object.entries(V2_SECTIONS[name].fields)) {
    if (input[field] === undefined) continue;
    const value = next.get(section) ?? { ...(settings[section] as unknown as Record<string, unknown>) };
    value[key] = input[field];
    next.set(section, value);
  }
  for (const [section, value] of next) await saveSection(ctx, section, value as unknown as SiteSettings[typeof section]);
  const changes = settingsDiff(before, v2SectionOf(await getSettings(ctx), name));
  if (Object.keys(changes).length) await recordAdminAction(ctx, admin, { action: `settings.${name}`, targetType: 'settings', targetId: name, changes });
}
