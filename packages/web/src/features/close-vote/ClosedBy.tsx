/**
 * The closed notice's voters (server-rendered with the question page): "Closed by" and the members whose votes
 * closed the question, or the moderator who closed it, each linked to their profile; a moderator marked ♦.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { QuestionInfo } from '../../lib/types';
import { closeVotesOf } from './api';

/** Nothing when the question is not closed or nobody is known. */
export function ClosedBy({ question }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const voters = closeVotesOf(question)?.closed_by ?? [];
  if (!voters.length) return null;
  return (
    <div className="mt-1 small" data-testid="closed-by">
      <span className="me-1">{t('status.closed_by')}</span>
      {voters.map((v, i) => (
        <span key={v.id}>
          {i ? ', ' : null}
          <Link to={`/users/${encodeURIComponent(v.username)}`} className="fw-semibold">
            {v.display_name}
          </Link>
          {v.moderator ? <span title={t('status.moderator')} aria-label={t('status.moderator')}> ♦</span> : null}
        </span>
      ))}
    </div>
  );
}
