/**
 * Unsaved-changes prompt of the settings forms (spec §2 "A page with unsaved changes asks ..."): the shared
 * leave guard with the settings pages' text ('Are you sure you want to leave the page? Your changes may not be
 * saved.').
 */
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../lib/useLeaveGuard';

/** While `dirty`, asks before the page is left. */
export function useUnsavedChanges(dirty: boolean): void {
  const { t } = useTranslation();
  useLeaveGuard(dirty, t('settings.leave_confirm'));
}
