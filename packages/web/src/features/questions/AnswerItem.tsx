import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { PostStatus } from '@quorum/contract';
import { StatusBadge } from '../../components/StatusBadge';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { AfterHydration, Comments, PostToolbar, PostVote } from './lazyParts';
import { AuthorCard, VoteCount } from './PostParts';
import { LockNotice, lockOf } from '../lock/LockNotice';
import { WikiCard, wikiHistoryHref } from '../wiki/WikiCard';
import { AwardButton } from '../bounty/lazy';

/**
 * One answer: score with vote buttons (and accept for the question's owner), accepted mark, status badge,
 * rendered body (server-sanitized HTML), author, toolbar and comments. The interactive parts arrive after
 * hydration; the server renders the read-only score in their place.
 * @param pageIds ids of every post on the page, for the batched comment and reaction reads
 */
export function AnswerItem({ answer, question, highlight, pageIds }: { answer: AnswerInfo; question: QuestionInfo; highlight: boolean; pageIds: string[] }) {
  const { t } = useTranslation();
  const accepted = answer.accepted === 2;
  return (
    <article
      id={`answer-${answer.id}`}
      className={`q-answer d-flex gap-3 py-4 border-bottom ${accepted ? 'q-answer-accepted ps-3' : ''} ${highlight ? 'q-answer-highlight' : ''}`}
      aria-label={accepted ? t('post.accepted_answer') : t('post.answer')}
    >
      <AfterHydration fallback={<VoteCount count={answer.vote_count} accepted={accepted} />}>
        <PostVote question={question} answer={answer} />
      </AfterHydration>
      <div className="flex-grow-1 min-w-0">
        {accepted || answer.status !== PostStatus.normal ? (
          <div className="mb-2 d-flex gap-2">
            {accepted ? <Badge bg="success">{t('post.accepted')}</Badge> : null}
            <StatusBadge status={answer.status} />
          </div>
        ) : null}
        {answer.status === PostStatus.pending ? <Alert variant="warning" className="py-2">{t('status.pending_message')}</Alert> : null}
        <LockNotice post={answer} className="mb-2" />
        <div className="q-post" dangerouslySetInnerHTML={{ __html: answer.html }} />
        <div className="d-flex flex-wrap align-items-end gap-2">
          <div className="flex-grow-1 q-toolbar-slot">
            <AfterHydration>
              <PostToolbar question={question} answer={answer} pageIds={pageIds} />
            </AfterHydration>
          </div>
          <div className="mt-3 ms-auto">
            {answer.wiki ? <WikiCard editors={answer.wiki_editor_count ?? 1} at={answer.create_time} verb={t('post.answered')} href={wikiHistoryHref(question.id, answer.id)} /> : <AuthorCard user={answer.user_info} at={answer.create_time} verb={t('post.answered')} />}
          </div>
        </div>
        <AfterHydration>
          <AwardButton question={question} answer={answer} />
        </AfterHydration>
        <AfterHydration fallback={<div className="q-comments-slot" />}>
          <Comments objectId={answer.id} pageIds={pageIds} locked={!!lockOf(answer)} />
        </AfterHydration>
      </div>
    </article>
  );
}
