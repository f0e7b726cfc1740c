/**
 * A user's own settings (spec §3 "Profile fields", "Notification options"; §7): profile, interface, e-mail
 * notification options, unsubscribe links, and the @mention user search.
 */
import { TAG_MAIL_FREQUENCIES, type NotificationConfigReq, type TagMailFrequency, type UpdateInterfaceReq, type UpdateUserInfoReq } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { isUniqueViolation, type Db } from '../../core/db/index.js';
import { fieldError, fieldErrors, type FieldIssue } from '../../core/errors.js';
import { renderMarkdown } from '../../core/markdown.js';
import { getSettings } from '../siteinfo/index.js';
import { peekCode } from './codes.js';
import { avatarType, gravatarUrl, isOwnUpload } from './user.presenter.js';
import * as repo from './user.repository.js';
import type { UserRow } from './user.repository.js';
import * as settingsRepo from './settings.repository.js';
import { readUnsubscribeToken } from './settings.unsubscribe.js';
import { reviewProfile } from '../reviewer/reviewer.apply.js';

/** Most users returned by the @mention search. */
export const MENTION_SEARCH_LIMIT = 10;

type Editable = 'display_name' | 'username' | 'avatar' | 'bio' | 'website' | 'location';

function avatarDocument(user: UserRow, avatar: NonNullable<UpdateUserInfoReq['avatar']>, gravatarBase: string): string {
  const type = avatar.type || 'system';
  return JSON.stringify({
    type,
    gravatar: type === 'gravatar' ? gravatarUrl(gravatarBase, user.e_mail) : '',
    custom: type === 'custom' ? avatar.custom ?? '' : '',
  });
}

// As shown: a stored custom avatar that is not one of our uploads counts as the system one, so saving a profile
// that shows it as such changes nothing.
function currentAvatarType(user: UserRow): string {
  return avatarType(user) || 'system';
}

const isAvatarUrl = (v: string): boolean => /^(https?:\/\/|\/)[^\s"'<>]+$/i.test(v);

/**
 * The stored form of a custom avatar URL: a path of the site's own uploads as POST /file answers it, also when sent
 * as an absolute URL of the site (`<site_url>/uploads/...`, what Answer's client sends); null for anything else.
 */
export function ownAvatarPath(url: string, siteUrl: string): string | null {
  const base = siteUrl.replace(/\/+$/, '');
  const path = base && url.startsWith(`${base}/`) ? url.slice(base.length) : url;
  return isOwnUpload(path) ? path : null;
}

/**
 * PUT /user/info. Only fields that are sent and differ from the stored value count as changes; a change the site
 * user policy does not allow (settings `site_users.allow_update_*`, spec §3) is refused with a field error
 * `error.user.update_not_allowed`. The bio is rendered from markdown once, here. A custom avatar must be an image
 * uploaded to this site (ownAvatarPath): another site's image would be fetched by every viewer's browser.
 * @throws 400 field errors (policy, duplicate username; `avatar`: `error.user.avatar_invalid` for a custom avatar
 *   without a URL, `error.user.avatar_not_uploaded` for one that is not one of the site's uploads); a changed
 *   display name, bio or website is put to the reviewers (modules/reviewer): 400 field error on the changed field
 */
export async function updateProfile(ctx: AppContext, user: UserRow, input: UpdateUserInfoReq): Promise<void> {
  const db = requireDb(ctx);
  const { site_users: policy, general } = await getSettings(ctx);
  const allowed: Record<Editable, boolean> = {
    display_name: policy.allow_update_display_name,
    username: policy.allow_update_username,
    avatar: policy.allow_update_avatar,
    bio: policy.allow_update_bio,
    website: policy.allow_update_website,
    location: policy.allow_update_location,
  };
  const patch: Parameters<typeof repo.updateUser>[2] = {};
  const issues: FieldIssue[] = [];
  const change = (field: Editable, changed: boolean, apply: () => void) => {
    if (!changed) return;
    if (!allowed[field]) issues.push({ field, message: 'error.user.update_not_allowed' });
    else apply();
  };
  if (input.display_name !== undefined) change('display_name', input.display_name !== user.display_name, () => (patch.display_name = input.display_name));
  if (input.username !== undefined) change('username', input.username !== user.username, () => (patch.username = input.username));
  if (input.avatar !== undefined) {
    const own = input.avatar.type === 'custom' ? ownAvatarPath(input.avatar.custom ?? '', general.site_url) : null;
    const avatar = own ? { ...input.avatar, custom: own } : input.avatar;
    if (avatar.type === 'custom' && !isAvatarUrl(avatar.custom ?? '')) issues.push({ field: 'avatar', message: 'error.user.avatar_invalid' });
    else if (avatar.type === 'custom' && !own) issues.push({ field: 'avatar', message: 'error.user.avatar_not_uploaded' });
    else {
      const doc = avatarDocument(user, avatar, policy.gravatar_base_url);
      const before = currentAvatarType(user);
      const changed = (avatar.type || 'system') !== before || (avatar.type === 'custom' && doc !== user.avatar);
      change('avatar', changed, () => (patch.avatar = doc));
    }
  }
  if (input.bio !== undefined) change('bio', input.bio !== user.bio, () => ((patch.bio = input.bio), (patch.bio_html = renderMarkdown(input.bio!))));
  if (input.website !== undefined) change('website', input.website !== user.website, () => (patch.website = input.website));
  if (input.location !== undefined) change('location', input.location !== user.location, () => (patch.location = input.location));
  if (issues.length) throw fieldErrors(issues);
  if (patch.username && (await repo.findUserByUsername(db, patch.username))) throw fieldError('username', 'error.user.username_duplicate');
  if (!Object.keys(patch).length) return;
  const reviewed = (['bio', 'website', 'display_name'] as const).find((f) => patch[f] !== undefined);
  if (reviewed) await reviewProfile(ctx, user, { display_name: patch.display_name ?? user.display_name, bio: patch.bio ?? user.bio, website: patch.website ?? user.website }, reviewed);
  try {
    await repo.updateUser(db, user.id, patch, nowSeconds());
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('username', 'error.user.username_duplicate');
    throw err;
  }
}

/** PUT /user/interface: language ('Default' follows the site) and colour scheme. */
export async function updateInterface(ctx: AppContext, user: UserRow, input: UpdateInterfaceReq): Promise<void> {
  await repo.updateUser(requireDb(ctx), user.id, { language: input.language, color_scheme: input.color_scheme }, nowSeconds());
}

/** The e-mail options: Answer's three, and `mailing_list` (Quorum's mailing-list mode, migration 039). */
const OPTIONS = ['inbox', 'all_new_question', 'all_new_question_for_following_tags', 'mailing_list'] as const;
export type NotificationOption = (typeof OPTIONS)[number];
/** Defaults: inbox e-mails on, new-question e-mails and mailing-list mode off; followed-tag questions, once on, come at once. */
const DEFAULT_OPTIONS = { inbox: 1, all_new_question: 0, all_new_question_for_following_tags: 0, mailing_list: 0, tag_frequency: 'instant' } as const;

/** A member's e-mail options as the mailers read them. */
export interface EmailOptions {
  inbox: boolean;
  all_new_question: boolean;
  all_new_question_for_following_tags: boolean;
  tag_frequency: TagMailFrequency;
  /** Every new post of followed tags, at once (mailing-list mode). */
  mailing_list: boolean;
}

const frequencyOf = (v: string | undefined): TagMailFrequency => ((TAG_MAIL_FREQUENCIES as readonly string[]).includes(v ?? '') ? (v as TagMailFrequency) : 'instant');

/**
 * GET /user/notification/config: Answer's shape, each option `{key: 'email', enable}`; the followed-tags option
 * also says how often (`frequency`: instant, daily or weekly). The extra key `mailing_list` (Quorum's web
 * client reads it; Answer's ignores it) is mailing-list mode.
 */
export async function getNotificationConfig(ctx: AppContext, userId: string): Promise<Record<NotificationOption, { key: string; enable: boolean; frequency?: TagMailFrequency }>> {
  const row = (await settingsRepo.findNotificationConfig(requireDb(ctx), userId)) ?? DEFAULT_OPTIONS;
  const out = {} as Record<NotificationOption, { key: string; enable: boolean; frequency?: TagMailFrequency }>;
  for (const o of OPTIONS) out[o] = { key: 'email', enable: row[o] === 1 };
  out.all_new_question_for_following_tags.frequency = frequencyOf(row.tag_frequency);
  return out;
}

/**
 * The e-mail options of several members, defaults for those who never saved any.
 * @returns a map from user id to options (every id asked for is present)
 */
export async function emailOptions(db: Db, userIds: string[]): Promise<Map<string, EmailOptions>> {
  const rows = new Map((await settingsRepo.findNotificationConfigs(db, [...new Set(userIds)])).map((r) => [r.user_id, r]));
  const out = new Map<string, EmailOptions>();
  for (const id of userIds) {
    const r = rows.get(id) ?? DEFAULT_OPTIONS;
    out.set(id, { inbox: r.inbox === 1, all_new_question: r.all_new_question === 1, all_new_question_for_following_tags: r.all_new_question_for_following_tags === 1, tag_frequency: frequencyOf(r.tag_frequency), mailing_list: r.mailing_list === 1 });
  }
  return out;
}

/** PUT /user/notification/config: options not sent keep their value; so does the tag frequency. */
export async function saveNotificationConfig(ctx: AppContext, userId: string, input: NotificationConfigReq): Promise<void> {
  const db = requireDb(ctx);
  const row = { ...DEFAULT_OPTIONS, ...((await settingsRepo.findNotificationConfig(db, userId)) ?? {}) };
  const next = { user_id: userId, inbox: row.inbox, all_new_question: row.all_new_question, all_new_question_for_following_tags: row.all_new_question_for_following_tags, mailing_list: row.mailing_list ?? 0, tag_frequency: frequencyOf(row.tag_frequency), updated_at: nowSeconds() };
  for (const o of OPTIONS) if (input[o]) next[o] = input[o]!.enable ? 1 : 0;
  if (input.all_new_question_for_following_tags?.frequency) next.tag_frequency = input.all_new_question_for_following_tags.frequency;
  await settingsRepo.saveNotificationConfig(db, next);
}

/**
 * PUT /user/notification/unsubscribe {code}: the link in an e-mail switches e-mail options off. No login
 * needed: the code identifies the user. A signed link of a notification e-mail (settings.unsubscribe.ts)
 * switches off the option that sent it (or all); a stored one-time unsubscribe code switches off every option.
 * @throws 403 `url_expired` when the code is neither
 */
export async function unsubscribe(ctx: AppContext, code: string): Promise<void> {
  const db = requireDb(ctx);
  const signed = await readUnsubscribeToken(db, code);
  const { userId, scope } = signed ?? { userId: (await peekCode(db, code, 'unsubscribe')).userId, scope: 'all' as const };
  await settingsRepo.switchOff(db, userId, scope === 'all' ? [...OPTIONS] : [scope], DEFAULT_OPTIONS, nowSeconds());
}

/** GET /user/info/search?username=: users whose username starts with the text, at most 10 (for @mentions). */
export async function searchUsers(ctx: AppContext, prefix: string): Promise<UserRow[]> {
  if (!prefix) return [];
  return repo.findUsersByUsernamePrefix(requireDb(ctx), prefix, MENTION_SEARCH_LIMIT);
}
