/**
 * The signature of a community wiki post (modules/wiki): in place of the author's card, "community wiki", when it
 * was posted and how many members wrote its revisions, linked to the post's timeline where each revision names
 * its editor. Rendered on the server (the question page), so anonymous readers see it too.
 * Strings: i18n/<lang>/ui-wiki.yaml (a strings file of the question page, app/routes.tsx).
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { TimeAgo } from '../../components/TimeAgo';

/**
 * @param editors members who wrote the post's approved revisions (`wiki_editor_count`)
 * @param at when the post was created (unix seconds); `verb` says how ('asked', 'answered')
 * @param href the post's timeline (its revisions)
 */
export function WikiCard({ editors, at, verb, href }: { editors: number; at: number; verb: string; href: string }) {
  const { t } = useTranslation();
  return (
    <div className="q-author q-wiki-card small rounded p-2 bg-body-tertiary" style={{ minWidth: 200 }} data-wiki="">
      <div className="text-body-secondary mb-1">
        {verb} <TimeAgo at={at} />
      </div>
      <div className="fw-semibold">{t('wiki.signature')}</div>
      <Link to={href} className="link-secondary">
        {t('wiki.editors', { count: Math.max(1, editors) })}
      </Link>
    </div>
  );
}

/** The timeline (revisions) of a question, or of answer `answerId` of it. */
export function wikiHistoryHref(questionId: string, answerId?: string): string {
  return answerId ? `/posts/${questionId}/${answerId}/timeline` : `/posts/${questionId}/timeline`;
}
