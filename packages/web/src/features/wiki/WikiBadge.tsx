/**
 * The "community wiki" mark of a wiki question in question lists (the list item's `wiki`, modules/wiki), beside
 * its title; rendered on the server with the list. Strings: i18n/<lang>/ui-wiki.yaml (`wiki.signature`, the same
 * words as the post's signature), a strings file of the list pages (app/routes.tsx).
 */
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';

/** The mark, or nothing for an ordinary question. */
export function WikiBadge({ wiki, className = '' }: { wiki?: boolean; className?: string }) {
  const { t } = useTranslation();
  if (!wiki) return null;
  return (
    <Badge bg="secondary-subtle" text="secondary-emphasis" className={`q-wiki-badge align-text-top fw-normal border ${className}`} data-testid="wiki-badge">
      {t('wiki.signature')}
    </Badge>
  );
}
