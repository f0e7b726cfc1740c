import { useEffect } from 'react';
import { siteName, useSiteInfo } from './site';

/**
 * Sets document.title to 'title - site name', or the site name alone (spec §2 "Page titles").
 * The server sets the first title in the HTML; this keeps it right on client navigation.
 */
export function usePageTitle(title?: string): void {
  const info = useSiteInfo();
  const name = siteName(info);
  useEffect(() => {
    document.title = title ? `${title} - ${name}` : name;
  }, [title, name]);
}
