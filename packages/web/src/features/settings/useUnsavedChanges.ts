/**
 * Unsaved-changes prompt of the settings forms (spec §2 "A page with unsaved changes asks ..."): the browser's
 * own prompt on reload or close, and 'Are you sure you want to leave the page? Your changes may not be saved.'
 * before an in-app link leaves the form.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** While `dirty`, asks before the page is left. */
export function useUnsavedChanges(dirty: boolean): void {
  const { t } = useTranslation();
  const message = t('settings.leave_confirm');
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = message; // older browsers need it to show the prompt
      return message;
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return; // leaving the site: beforeunload asks
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      if (!window.confirm(message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, message]);
}
