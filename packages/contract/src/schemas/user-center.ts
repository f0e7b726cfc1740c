/**
 * Request schemas and response shapes of the external user-center calls (spec §3 "External user-system agent",
 * §7 "Connectors and user center"; Answer's schema.UserCenterAgentResp, AgentInfo, UserCenterUserSettingsResp,
 * UserCenterPersonalBranding, UserCenterAdminFunctionAgentResp). Messages are translation keys.
 */
import { z } from 'zod';

/** GET /user-center/personal/branding?username */
export const UserCenterBrandingQuery = z.object({
  username: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(100, 'error.form.is_invalid'),
});

/**
 * The query of a user-center plugin's own route or of the login/sign-up callback: single strings of at most 2000
 * characters (a repeated parameter keeps its first value), at most 30 parameters.
 */
export const PluginRouteQuery = z
  .record(z.string().max(100, 'error.form.is_invalid'), z.union([z.string(), z.array(z.string())]), { error: 'error.form.is_invalid' })
  .transform((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v])))
  .pipe(z.record(z.string(), z.string().max(2000, 'error.form.is_invalid')).refine((q) => Object.keys(q).length <= 30, 'error.form.is_invalid'));

/** A QR-code login run by /user-center/auth (Quorum's addition to Answer's AgentInfo). */
export interface UserCenterQrLogin {
  /** GET under /answer/api/v1 -> `{redirect_url, key, in_app?}` */
  url_path: string;
  /** GET under /answer/api/v1 `?key=` -> `{is_login}` */
  check_path: string;
}

/** Answer's AgentInfo (plus `qr_login`). */
export interface UserCenterAgentInfo {
  name: string;
  display_name: string;
  /** base64 SVG or '' */
  icon: string;
  url: string;
  /** absolute: the site's /answer/api/v1/user-center/login/redirect */
  login_redirect_url: string;
  sign_up_redirect_url: string;
  control_center: { name: string; label: string; url: string }[];
  enabled_original_user_system: boolean;
  qr_login: UserCenterQrLogin | null;
}

/** GET /user-center/agent (Answer's UserCenterAgentResp). */
export interface UserCenterAgentResp {
  enabled: boolean;
  agent_info: UserCenterAgentInfo | null;
}

/** GET /user-center/user/settings (Answer's UserCenterUserSettingsResp). */
export interface UserCenterUserSettingsResp {
  profile_setting_agent: { enabled: boolean; redirect_url: string };
  account_setting_agent: { enabled: boolean; redirect_url: string };
}

/** GET /user-center/personal/branding (Answer's UserCenterPersonalBranding). */
export interface UserCenterPersonalBrandingResp {
  enabled: boolean;
  personal_branding: { icon: string; name: string; label: string; url: string }[];
}

/** GET /admin/api/user-center/agent (Answer's UserCenterAdminFunctionAgentResp). */
export interface UserCenterAdminAgentResp {
  allow_create_user: boolean;
  allow_update_user_status: boolean;
  allow_update_user_password: boolean;
  allow_update_user_role: boolean;
}
