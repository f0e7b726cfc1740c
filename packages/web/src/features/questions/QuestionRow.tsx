import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../components/HydrateLater';
import { Link } from '../../components/Link';
import { PinState, questionPath } from '@quorum/contract';
import { StatusBadge } from '../../components/StatusBadge';
import { TagList } from '../../components/TagLink';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { formatCount } from '../../lib/format';
import type { QuestionListItem } from '../../lib/types';
import { BountyBadge } from '../bounty/BountyBadge';
import { WikiBadge } from '../wiki/WikiBadge';

const OPERATIONS = ['asked', 'answered', 'modified'] as const;

/**
 * One question in the list: votes, answers (highlighted when accepted), views, title, excerpt, tags, activity. The server's
 * markup is kept at hydration (components/HydrateLater.tsx).
 */
export function QuestionRow({ q, permalink }: { q: QuestionListItem; permalink: number }) {
  const { t, i18n } = useTranslation();
  const accepted = !!q.accepted_answer_id && q.accepted_answer_id !== '0';
  const op = (OPERATIONS as readonly string[]).includes(q.operation_type) ? q.operation_type : 'asked';
  return (
    <HydrateLater as="article" watch={[q, permalink, i18n.language]} className="q-row d-flex flex-column flex-sm-row gap-2 gap-sm-3 py-3 px-3">
      <ul className="q-stats list-unstyled d-flex flex-sm-column gap-3 gap-sm-1 mb-0 text-sm-end small text-body-secondary flex-shrink-0">
        <li>
          <span className="fw-semibold text-body">{formatCount(q.vote_count)}</span> {t('question_list.votes', { count: q.vote_count })}
        </li>
        <li>
          <span className={`q-stat-answers${accepted ? ' q-accepted' : q.answer_count > 0 ? ' q-has-answers' : ''}`} title={accepted ? t('question_list.accepted_title') : undefined}>
            {accepted ? <span aria-hidden="true">✓ </span> : null}
            <span className="fw-semibold">{formatCount(q.answer_count)}</span> {t('question_list.answers', { count: q.answer_count })}
          </span>
          {accepted ? <span className="visually-hidden">{t('question_list.accepted_title')}</span> : null}
        </li>
        <li>
          {formatCount(q.view_count)} {t('question_list.views', { count: q.view_count })}
        </li>
      </ul>
      <div className="flex-grow-1 min-w-0">
        <h2 className="q-title h6 mb-1 fw-semibold">
          {q.pin === PinState.pinned ? (
            <Badge bg="info" text="dark" className="me-2 align-text-top">
              {t('question_list.pinned')}
            </Badge>
          ) : null}
          <Link to={questionPath(q.id, q.title, permalink, undefined, q.url_title)} className="text-decoration-none">
            {q.title}
          </Link>
          <StatusBadge status={q.status} show={q.show} className="ms-2 align-text-top" />
          <WikiBadge wiki={(q as QuestionListItem & { wiki?: boolean }).wiki} className="ms-2" />
          <BountyBadge amount={(q as QuestionListItem & { bounty_amount?: number }).bounty_amount} className="ms-2" />
        </h2>
        {q.description ? <p className="q-excerpt small text-body-secondary mb-2">{q.description}</p> : null}
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <TagList tags={q.tags} />
          <div className="small text-body-secondary ms-auto">
            <UserLink user={q.operator} /> {t(`question_list.op.${op}`)} <TimeAgo at={q.operated_at || q.created_at} />
          </div>
        </div>
      </div>
    </HydrateLater>
  );
}

/** Placeholder rows shown while the list loads for more than a second. */
export function QuestionRowSkeleton() {
  return (
    <div className="q-row d-flex gap-3 py-3 px-3" aria-hidden="true">
      <div className="q-stats d-none d-sm-block">
        <div className="q-skeleton mb-2" style={{ height: 12, width: '70%', marginLeft: 'auto' }} />
        <div className="q-skeleton mb-2" style={{ height: 12, width: '80%', marginLeft: 'auto' }} />
        <div className="q-skeleton" style={{ height: 12, width: '60%', marginLeft: 'auto' }} />
      </div>
      <div className="flex-grow-1">
        <div className="q-skeleton mb-2" style={{ height: 16, width: '60%' }} />
        <div className="q-skeleton mb-2" style={{ height: 12, width: '95%' }} />
        <div className="q-skeleton" style={{ height: 12, width: '40%' }} />
      </div>
    </div>
  );
}
