/**
 * The admin privileges page (spec §7 GET/PUT /admin/api/setting/privileges, Answer's GetPrivilegesConfigResp):
 * the selected level and, per level 1, 2, 3 and 99 (custom), every privilege with its reputation threshold.
 */
import { requireDb, type AppContext } from '../../core/context.js';
import { fieldError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import type { PrivilegesUpdateReq } from '@quorum/contract';
import { setConfigValue } from './privilege.repository.js';
import {
  CUSTOM_PRIVILEGE_LEVEL, PRIVILEGE_ACTIONS, customThresholds, invalidateThresholds, selectedLevel, thresholdsForLevel, type PrivilegeAction,
} from './privilege.js';

/** Wire key of a privilege: Answer's `rank.<action>`. */
const wireKey = (a: PrivilegeAction) => `rank.${a}`;

/** GET /admin/api/setting/privileges: `{selected_level, options: [{level, level_desc, privileges: [{key, label, value}]}]}`. */
export async function privilegesConfig(ctx: AppContext, lang: string): Promise<Record<string, unknown>> {
  const custom = await customThresholds(ctx);
  const option = (level: number, t: Record<PrivilegeAction, number>) => ({
    level,
    level_desc: translate(`privilege.level.l${level}`, lang),
    privileges: PRIVILEGE_ACTIONS.map((a) => ({ key: wireKey(a), label: translate(`privilege.${a}`, lang), value: t[a] })),
  });
  return {
    selected_level: await selectedLevel(ctx),
    options: [option(1, thresholdsForLevel(1)), option(2, thresholdsForLevel(2)), option(3, thresholdsForLevel(3)), option(CUSTOM_PRIVILEGE_LEVEL, custom)],
  };
}

/**
 * PUT /admin/api/setting/privileges. Level 99 stores the given thresholds (keys `rank.<action>` or `<action>`,
 * values >= 1) over the current custom table.
 * @returns the selected level and custom table before and after, for the audit log
 * @throws 400 field error `custom_privileges` for an unknown key
 */
export async function updatePrivileges(ctx: AppContext, input: PrivilegesUpdateReq): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  const db = requireDb(ctx);
  const before = { level: await selectedLevel(ctx), custom: await customThresholds(ctx) };
  if (input.level === CUSTOM_PRIVILEGE_LEVEL) {
    const custom = await customThresholds(ctx);
    for (const { key, value } of input.custom_privileges) {
      const action = key.replace(/^rank\./, '') as PrivilegeAction;
      if (!PRIVILEGE_ACTIONS.includes(action)) throw fieldError('custom_privileges', 'error.privilege.key_invalid');
      custom[action] = value;
    }
    await setConfigValue(db, 'privilege.custom', JSON.stringify(custom));
  }
  await setConfigValue(db, 'privilege.level', String(input.level));
  invalidateThresholds(ctx);
  return { before, after: { level: await selectedLevel(ctx), custom: await customThresholds(ctx) } };
}
