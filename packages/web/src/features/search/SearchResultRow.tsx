import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../components/HydrateLater';
import { Link } from '../../components/Link';
import { questionPath } from '@quorum/contract';
import { TagList } from '../../components/TagLink';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { formatCount } from '../../lib/format';
import type { SearchHit } from './api';
import { BountyBadge } from '../bounty/BountyBadge';

/** Link of a hit: the question, or the answer's place on its question page. */
export function hitPath(hit: SearchHit, permalink: number): string {
  const o = hit.object;
  return hit.object_type === 'answer' ? questionPath(o.question_id, o.title, permalink, o.id, o.url_title) : questionPath(o.question_id || o.id, o.title, permalink, undefined, o.url_title);
}

/** One search result: type, votes and answers, title link, excerpt, tags, author and date; the server's markup is kept at hydration (components/HydrateLater.tsx). */
export function SearchResultRow({ hit, permalink }: { hit: SearchHit; permalink: number }) {
  const { t, i18n } = useTranslation();
  const o = hit.object;
  const isAnswer = hit.object_type === 'answer';
  return (
    <HydrateLater as="article" watch={[hit, permalink, i18n.language]} className="q-row d-flex flex-column flex-sm-row gap-2 gap-sm-3 py-3 px-3">
      <ul className="q-stats list-unstyled d-flex flex-sm-column gap-3 gap-sm-1 mb-0 text-sm-end small text-body-secondary flex-shrink-0">
        <li>
          <span className="fw-semibold text-body">{formatCount(o.vote_count)}</span> {t('question_list.votes', { count: o.vote_count })}
        </li>
        {isAnswer ? (
          o.accepted ? (
            <li className="q-stat-answers q-accepted">
              <span aria-hidden="true">✓ </span>
              {t('search_page.accepted')}
            </li>
          ) : null
        ) : (
          <li>
            <span className={`q-stat-answers${o.accepted ? ' q-accepted' : o.answer_count > 0 ? ' q-has-answers' : ''}`}>
              <span className="fw-semibold">{formatCount(o.answer_count)}</span> {t('question_list.answers', { count: o.answer_count })}
            </span>
          </li>
        )}
      </ul>
      <div className="flex-grow-1 min-w-0">
        <h2 className="q-title h6 mb-1 fw-semibold">
          <Badge bg={isAnswer ? 'success' : 'primary'} className="me-2 align-text-top" title={t(isAnswer ? 'search_page.type_answer' : 'search_page.type_question')}>
            {t(isAnswer ? 'search_page.badge_answer' : 'search_page.badge_question')}
          </Badge>
          <Link to={hitPath(hit, permalink)} className="text-decoration-none">
            {o.title}
          </Link>
          {isAnswer ? null : <BountyBadge amount={(o as { bounty_amount?: number }).bounty_amount} className="ms-2" />}
          {o.status === 'closed' ? (
            <Badge bg="warning" text="dark" className="ms-2 align-text-top">
              {t('status.closed')}
            </Badge>
          ) : null}
        </h2>
        {o.excerpt ? <p className="q-excerpt small text-body-secondary mb-2">{o.excerpt}</p> : null}
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <TagList tags={o.tags} />
          <div className="small text-body-secondary ms-auto">
            <UserLink user={o.user_info} /> {t(isAnswer ? 'search_page.answered' : 'search_page.asked')} <TimeAgo at={o.created_at} />
          </div>
        </div>
      </div>
    </HydrateLater>
  );
}
