/**
 * Site settings sections and their defaults (spec §3; field names from Answer's siteinfo responses).
 */
import { DEFAULT_PRIMARY_COLOR, MODERATION_WRITE_DEFAULTS, QUESTION_WRITE_DEFAULTS, SPAM_LIMIT_DEFAULTS, FLAG_HIDE_WEIGHT_DEFAULT, DEFAULT_SPAM_PHRASES, REVIEWER_TIMEOUT_DEFAULT, BOUNTY_DEFAULTS, type BountySettings, STAGING_DEFAULTS, type StagingSettings, INBOUND_MAIL_DEFAULTS, type InboundMailSettings, type SiteSpamSettings } from '@quorum/contract';
import { DEFAULT_DISPOSABLE_DOMAINS } from '../spam/disposable.js';
import { LOCK_SETTING_DEFAULTS, type SiteLocksReq } from '@quorum/contract';
import { CLOSE_VOTE_DEFAULTS, type SiteCloseVotesReq } from '@quorum/contract';

/** Fallback site name when `general.name` is empty (spec §3 "Site info"). */
export const DEFAULT_SITE_NAME = 'Quorum';

export const DEFAULT_ROBOTS = 'User-agent: *\nDisallow: /admin\nDisallow: /search\nDisallow: /install\nDisallow: /review\nDisallow: /users/login\nDisallow: /users/register\nDisallow: /users/account-recovery\nDisallow: /users/oauth/*\nDisallow: /users/*/*\nDisallow: /answer/api\nDisallow: /*?code*\n';

/** Every settings section with its default value. Keys are the `settings.name` column. */
export function defaultSettings(): SiteSettings {
  return {
    general: { name: DEFAULT_SITE_NAME, short_description: '', description: '', site_url: 'http://localhost:9080', contact_email: '', check_update: true, maintenance: false },
    interface: { language: 'en_US', time_zone: 'UTC' },
    branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
    login: { allow_new_registrations: true, allow_email_registrations: true, allow_email_domains: [], allow_password_login: true, login_required: false, require_user_approval: false, password_login_admins_only: false },
    site_users: {
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_display_name: true,
      allow_update_location: true,
      allow_update_username: true,
      allow_update_website: true,
      default_avatar: 'system',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
    },
    custom_css_html: { custom_css: '', custom_head: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
    theme: {
      theme: 'default',
      color_scheme: 'system',
      theme_options: [{ label: 'Default', value: 'default' }],
      theme_config: { default: { navbar_style: 'colored', primary_color: DEFAULT_PRIMARY_COLOR } },
    },
    site_seo: { permalink: 1, robots: DEFAULT_ROBOTS },
    site_write: {
      restrict_answer: true,
      required_tag: false,
      recommend_tags: [],
      reserved_tags: [],
      max_image_size: 4,
      max_attachment_size: 8,
      max_image_megapixel: 40,
      // Anti-spam queueing (modules/review/queue.ts): below this reputation, the first N posts, more than K links.
      ...MODERATION_WRITE_DEFAULTS,
      // Fewest tags and body characters of a question (contract questionRules.ts; Answer 1.7's names).
      ...QUESTION_WRITE_DEFAULTS,
      authorized_image_extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
      authorized_attachment_extensions: [],
    },
    legal: { terms_of_service_original_text: '', terms_of_service_parsed_text: '', privacy_policy_original_text: '', privacy_policy_parsed_text: '' },
    // Captcha provider and its options (modules/captcha/captcha.settings.ts).
    captcha: { provider: 'basic_captcha', pow_difficulty: 14, image_fallback: true, on_sign_up: false, questions: [] },
    // Limits for new members and sign-up screening (modules/spam; contract schemas/spam.ts).
    // Close and reopen votes (modules/close-vote; contract schemas/close-vote.ts).
    site_close_votes: { ...CLOSE_VOTE_DEFAULTS },
    site_spam: { ...SPAM_LIMIT_DEFAULTS, blocked_email_domains: [], block_disposable_emails: true, disposable_email_domains: [...DEFAULT_DISPOSABLE_DOMAINS], flag_hide_weight: FLAG_HIDE_WEIGHT_DEFAULT, spam_phrases: [...DEFAULT_SPAM_PHRASES], blocked_words: [], reviewer_timeout_seconds: REVIEWER_TIMEOUT_DEFAULT },
    // Protection thresholds (modules/lock; contract schemas/lock.ts).
    site_locks: { ...LOCK_SETTING_DEFAULTS },
    // Bounties (modules/bounty; contract schemas/bounty.ts).
    site_bounty: { ...BOUNTY_DEFAULTS },
    // The staging ground for new askers (modules/staging; contract schemas/staging.ts).
    site_staging: { ...STAGING_DEFAULTS },
    // Reply by e-mail (modules/inbound-mail; contract schemas/inbound-mail.ts).
    site_inbound_mail: { ...INBOUND_MAIL_DEFAULTS },
    // Answer 2.x's external-content choice (siteinfo/security, siteinfo.v2.ts): stored and served to 2.x's client.
    site_security: { external_content_display: 'always_display' },
    // The MCP server's switch (PUT /admin/api/mcp-config; modules/mcp). On: Quorum served MCP before the switch existed.
    site_mcp: { enabled: true },
  };
}

export interface SiteWriteTag {
  slug_name: string;
  display_name: string;
}

export interface SiteSettings {
  general: { name: string; short_description: string; description: string; site_url: string; contact_email: string; check_update: boolean; maintenance: boolean };
  interface: { language: string; time_zone: string };
  branding: { logo: string; mobile_logo: string; square_icon: string; favicon: string };
  login: { allow_new_registrations: boolean; allow_email_registrations: boolean; allow_email_domains: string[]; allow_password_login: boolean; login_required: boolean; require_user_approval: boolean; password_login_admins_only: boolean };
  site_users: {
    allow_update_avatar: boolean;
    allow_update_bio: boolean;
    allow_update_display_name: boolean;
    allow_update_location: boolean;
    allow_update_username: boolean;
    allow_update_website: boolean;
    default_avatar: 'system' | 'gravatar';
    gravatar_base_url: string;
  };
  custom_css_html: { custom_css: string; custom_head: string; custom_header: string; custom_footer: string; custom_sidebar: string };
  theme: { theme: string; color_scheme: string; theme_options: { label: string; value: string }[]; theme_config: Record<string, { navbar_style: string; primary_color: string }> };
  site_seo: { permalink: number; robots: string };
  site_write: {
    restrict_answer: boolean;
    required_tag: boolean;
    recommend_tags: SiteWriteTag[];
    reserved_tags: SiteWriteTag[];
    max_image_size: number;
    max_attachment_size: number;
    max_image_megapixel: number;
    review_reputation: number;
    review_first_posts: number;
    review_max_links: number;
    min_tags: number;
    min_content: number;
    authorized_image_extensions: string[];
    authorized_attachment_extensions: string[];
  };
  legal: { terms_of_service_original_text: string; terms_of_service_parsed_text: string; privacy_policy_original_text: string; privacy_policy_parsed_text: string };
  captcha: { provider: string; pow_difficulty: number; image_fallback: boolean; on_sign_up: boolean; questions: { question: string; answers: string[] }[] };
  site_spam: SiteSpamSettings;
  site_locks: SiteLocksReq;
  site_close_votes: SiteCloseVotesReq;
  site_bounty: BountySettings;
  site_staging: StagingSettings;
  site_inbound_mail: InboundMailSettings;
  site_security: { external_content_display: 'always_display' | 'ask_before_display' };
  site_mcp: { enabled: boolean };
}

export type SettingsSection = keyof SiteSettings;
