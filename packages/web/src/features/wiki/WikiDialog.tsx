/**
 * Confirmation of making a post community wiki, or (moderators) an ordinary post again: what changes for editing
 * and reputation, and, for the author, that only a moderator can undo it. Loaded when first opened
 * (useWikiMenu.tsx). Strings: i18n/<lang>/ui-wiki-actions.yaml.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../post-actions/ConfirmModal';

/**
 * @param makeWiki true: make it wiki; false: make it an ordinary post again
 * @param kind which post, for the texts
 * @param byAuthor the post's author (not a moderator) asks: the texts say it cannot be undone by them
 * @param onConfirm the call; the dialog stays open when it throws (the API client showed the error)
 */
export function WikiDialog({ show, makeWiki, kind, byAuthor, onConfirm, onHide }: { show: boolean; makeWiki: boolean; kind: 'question' | 'answer'; byAuthor: boolean; onConfirm: () => Promise<void>; onHide: () => void }) {
  const { t } = useTranslation();
  const body = makeWiki ? (
    <>
      <p>{t(`wiki.confirm_on_body_${kind}`)}</p>
      <p className="mb-0 fw-semibold">{t(byAuthor ? 'wiki.confirm_on_final_author' : 'wiki.confirm_on_final_moderator')}</p>
    </>
  ) : (
    <p className="mb-0">{t('wiki.confirm_off_body')}</p>
  );
  return (
    <ConfirmModal
      show={show}
      title={t(makeWiki ? 'wiki.confirm_on_title' : 'wiki.confirm_off_title')}
      body={body}
      confirmLabel={t(makeWiki ? 'wiki.menu_on' : 'wiki.menu_off')}
      variant={makeWiki && byAuthor ? 'warning' : 'primary'}
      onConfirm={onConfirm}
      onHide={onHide}
    />
  );
}
