import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge';
import type { AnswerInfo } from '../../lib/types';
import { AuthorCard, VoteCount } from './PostParts';

/** One answer: score, accepted mark, rendered body (server-sanitized HTML) and author. */
export function AnswerItem({ answer, highlight }: { answer: AnswerInfo; highlight: boolean }) {
  const { t } = useTranslation();
  const accepted = answer.accepted === 2;
  return (
    <article
      id={`answer-${answer.id}`}
      className={`q-answer d-flex gap-3 py-4 border-bottom ${accepted ? 'q-answer-accepted ps-3' : ''} ${highlight ? 'q-answer-highlight' : ''}`}
      aria-label={accepted ? t('post.accepted_answer') : t('post.answer')}
    >
      <VoteCount count={answer.vote_count} accepted={accepted} />
      <div className="flex-grow-1 min-w-0">
        {accepted || answer.status !== 1 ? (
          <div className="mb-2 d-flex gap-2">
            {accepted ? <Badge bg="success">{t('post.accepted')}</Badge> : null}
            <StatusBadge status={answer.status} />
          </div>
        ) : null}
        <div className="q-post" dangerouslySetInnerHTML={{ __html: answer.html }} />
        <div className="d-flex justify-content-end mt-3">
          <AuthorCard user={answer.user_info} at={answer.create_time} verb={t('post.answered')} />
        </div>
      </div>
    </article>
  );
}
