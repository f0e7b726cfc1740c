/** Users as they leave the server: whitelisted fields in Answer's shapes (answer-compat.md). */
import { createHash } from 'node:crypto';
import { MailStatus, Role, UserStatus } from '@quorum/contract';
import { isSilenced, isSuspended } from '../../core/auth/index.js';
import type { UserRow } from './user.repository.js';

/** Wire name of a stored status code. */
export function userStatusName(row: Pick<UserRow, 'status' | 'mail_status' | 'suspended_until'>): string {
  if (isSuspended(row)) return 'suspended';
  if (row.status === UserStatus.deleted) return 'deleted';
  // A sign-up waiting for approval (Quorum): the web tells the person so.
  if (row.status === UserStatus.pending) return 'pending';
  return 'normal';
}

interface AvatarInfo {
  type: string;
  gravatar: string;
  custom: string;
}

/** A path under the site's uploads: `/uploads/` and segments of letters, digits, `.`, `_`, `-` (none starting with a dot). */
const OWN_UPLOAD = /^\/uploads(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/**
 * True when `url` is a file of the site's own uploads (POST /file answers `/uploads/<yyyy>/<mm>/<name>`): the only
 * custom avatars shown. Anything else (another site's URL, a protocol-relative `//host/...`, a path outside
 * /uploads/, `..`) would make every viewer's browser fetch it.
 */
export function isOwnUpload(url: string): boolean {
  return OWN_UPLOAD.test(url);
}

const NO_AVATAR: AvatarInfo = { type: '', gravatar: '', custom: '' };

// A stored custom avatar that is not one of our uploads (set before the rule, or imported) is shown as no avatar
// at all: the site's default, as for a member who never chose one.
function avatarInfo(row: UserRow): AvatarInfo {
  if (!row.avatar) return NO_AVATAR;
  let a: AvatarInfo;
  try {
    const parsed = JSON.parse(row.avatar) as Partial<AvatarInfo>;
    a = { type: parsed.type ?? '', gravatar: parsed.gravatar ?? '', custom: parsed.custom ?? '' };
  } catch {
    a = { type: 'custom', gravatar: '', custom: row.avatar };
  }
  if (a.type === 'custom' && !isOwnUpload(a.custom)) return { ...NO_AVATAR, gravatar: a.gravatar };
  return a;
}

/** The avatar type a member's profile shows: '' (none chosen, or a custom one that is not shown), system, gravatar or custom. */
export function avatarType(row: UserRow): string {
  return avatarInfo(row).type;
}

/** Gravatar URL of an e-mail (md5 of the trimmed, lower-cased address, as Gravatar defines). */
export function gravatarUrl(base: string, email: string): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `${base.replace(/\/?$/, '/')}${hash}`;
}

/** Avatar as a URL string ('' means the client draws the system avatar); custom ones only from our uploads. */
export function avatarUrl(row: UserRow): string {
  const a = avatarInfo(row);
  if (a.type === 'custom') return a.custom;
  if (a.type === 'gravatar') return a.gravatar;
  return '';
}

/** The logged-in user object of GET /user/info and login (Answer's GetCurrentLoginUserInfoResp). */
export function presentCurrentUser(row: UserRow, accessToken = ''): Record<string, unknown> {
  return {
    id: row.id,
    username: row.username,
    e_mail: row.e_mail,
    display_name: row.display_name,
    avatar: avatarInfo(row),
    rank: row.rank,
    bio: row.bio,
    bio_html: row.bio_html,
    website: row.website,
    location: row.location,
    status: userStatusName(row),
    // Quorum's: a silence in force (modules/penalty) and its end, unix seconds, 0 = forever (0 when not silenced).
    silenced: isSilenced(row),
    silenced_until: isSilenced(row) ? Number(row.silenced_until) : 0,
    mail_status: row.mail_status,
    language: row.language,
    color_scheme: row.color_scheme,
    is_admin: row.role_id === Role.admin,
    role_id: row.role_id,
    have_password: row.pass !== '',
    notice_status: row.notice_status,
    question_count: row.question_count,
    answer_count: row.answer_count,
    follow_count: row.follow_count,
    created_at: row.created_at,
    last_login_date: row.last_login_date,
    access_token: accessToken,
    visit_token: '',
    authority_group: 0,
    mobile: '',
  };
}

/** Basic user info embedded in posts and lists (Answer's UserBasicInfo). */
export function presentBasicUser(row: UserRow | undefined): Record<string, unknown> {
  if (!row) return { id: '', username: '', display_name: '', avatar: '', rank: 0, status: 'deleted', website: '', location: '', language: '' };
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name || row.username,
    avatar: avatarUrl(row),
    rank: row.rank,
    status: userStatusName(row),
    website: row.website,
    location: row.location,
    language: row.language,
  };
}

/** True when the user's e-mail is confirmed. */
export function isActivated(row: UserRow): boolean {
  return row.mail_status === MailStatus.activated;
}
