/** Rows of the profile tabs: questions, answers, bookmarks, comments, reputation changes and votes. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { PostStatus, questionPath } from '@quorum/contract';
import { StatusBadge } from '../../components/StatusBadge';
import { TagList } from '../../components/TagLink';
import { TimeAgo } from '../../components/TimeAgo';
import { formatCount } from '../../lib/format';
import type { OwnVote, ProfileAnswer, ProfileComment, ProfileQuestion, ReputationChange } from './api';

/** Reputation reasons with a label (rank_type values the server writes). */
const RANK_TYPES = ['upvote', 'downvote', 'accept', 'edited', 'user.activated', 'vote_down'] as const;

/**
 * Link to a post: a question, or an answer inside its question.
 * @param slug the server's `url_title` of the question (the web never slugs titles: a Chinese title's pinyin slug
 *   comes from the server, so the link lands without a redirect)
 */
export function postHref(questionId: string, slug: string, permalink: number, answerId?: string): string {
  return questionPath(questionId, slug, permalink, answerId && answerId !== '0' ? answerId : undefined, slug);
}

/** A boxed number (votes, answers, reputation) in front of a row. */
function Score({ value, label, tone = '', showLabel = false }: { value: ReactNode; label: string; tone?: string; showLabel?: boolean }) {
  return (
    <span className={`q-profile-score badge rounded text-center flex-shrink-0 ${tone || 'bg-body-secondary text-body'}`} style={{ minWidth: '3.25rem' }}>
      {value}
      <span className={showLabel ? 'd-block fw-normal mt-1' : 'visually-hidden'}> {label}</span>
    </span>
  );
}

function Row({ lead, children }: { lead: ReactNode; children: ReactNode }) {
  return (
    <li className="list-group-item d-flex gap-3 align-items-start py-3">
      {lead}
      <div className="flex-grow-1 min-w-0">{children}</div>
    </li>
  );
}

export function QuestionItem({ q, permalink }: { q: ProfileQuestion; permalink: number }) {
  const { t } = useTranslation();
  const answerId = q.object_type === 'answer' ? q.answer_id : undefined;
  const accepted = !!q.accepted_answer_id && q.accepted_answer_id !== '0';
  return (
    <Row lead={<Score value={formatCount(q.vote_count)} label={t('user_profile.votes', { count: q.vote_count })} showLabel />}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Link to={postHref(q.question_id || q.id, q.url_title, permalink, answerId)} className="fw-semibold text-decoration-none text-break">
          {q.title}
        </Link>
        {q.status !== PostStatus.normal ? <StatusBadge status={q.status} /> : null}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-1 small text-body-secondary">
        <span className={accepted ? 'text-success fw-semibold' : undefined}>
          {accepted ? '✓ ' : ''}
          {t('user_profile.answer_count', { count: q.answer_count, formatted: formatCount(q.answer_count) })}
        </span>
        <span aria-hidden="true">·</span>
        <TimeAgo at={q.collected_at || q.created_at} />
        <TagList tags={q.tags} className="ms-sm-auto" />
      </div>
    </Row>
  );
}

export function AnswerItem({ a, permalink }: { a: ProfileAnswer; permalink: number }) {
  const { t } = useTranslation();
  const accepted = a.accepted === 2;
  return (
    <Row lead={<Score value={formatCount(a.vote_count)} label={t('user_profile.votes', { count: a.vote_count })} tone={accepted ? 'text-bg-success' : ''} showLabel />}>
      <Link to={postHref(a.question_id, a.question_info.url_title, permalink, a.answer_id)} className="fw-semibold text-decoration-none text-break">
        {a.question_info.title}
      </Link>
      {a.description ? <p className="small text-body-secondary mb-1 mt-1 text-break">{a.description}</p> : null}
      <div className="small text-body-secondary">
        {accepted ? <span className="text-success fw-semibold me-2">✓ {t('user_profile.accepted')}</span> : null}
        <TimeAgo at={a.create_time} />
      </div>
    </Row>
  );
}

export function CommentItem({ c, permalink }: { c: ProfileComment; permalink: number }) {
  return (
    <li className="list-group-item py-3">
      <Link to={postHref(c.question_id, c.url_title, permalink, c.answer_id)} className="fw-semibold text-decoration-none text-break">
        {c.title}
      </Link>
      <div className="small mt-1 text-break q-profile-comment" dangerouslySetInnerHTML={{ __html: c.content }} />
      <TimeAgo at={c.created_at} className="small text-body-secondary" />
    </li>
  );
}

export function ReputationItem({ r, permalink }: { r: ReputationChange; permalink: number }) {
  const { t } = useTranslation();
  const up = r.reputation > 0;
  const reason = (RANK_TYPES as readonly string[]).includes(r.rank_type) ? t(`user_profile.rank_type.${r.rank_type.replace('.', '_')}`) : r.rank_type;
  return (
    <Row lead={<Score value={`${up ? '+' : ''}${formatCount(r.reputation)}`} label={t('user_profile.reputation')} tone={up ? 'text-bg-success' : 'text-bg-danger'} />}>
      <div className="small text-body-secondary">{reason}</div>
      {r.title ? (
        <Link to={postHref(r.question_id, r.url_title, permalink, r.answer_id)} className="text-decoration-none text-break">
          {r.title}
        </Link>
      ) : null}
      <div>
        <TimeAgo at={r.created_at} className="small text-body-secondary" />
      </div>
    </Row>
  );
}

export function VoteItem({ v, permalink }: { v: OwnVote; permalink: number }) {
  const { t } = useTranslation();
  const up = v.vote_type !== 'downvote';
  return (
    <Row lead={<Score value={up ? '▲' : '▼'} label={t(up ? 'user_profile.upvote' : 'user_profile.downvote')} tone={up ? 'text-bg-success' : 'text-bg-danger'} />}>
      <div className="small text-body-secondary">{t(up ? 'user_profile.upvoted' : 'user_profile.downvoted', { type: t(`user_profile.object_type.${v.object_type === 'answer' ? 'answer' : 'question'}`) })}</div>
      <Link to={postHref(v.question_id, v.url_title, permalink, v.answer_id)} className="text-decoration-none text-break">
        {v.title}
      </Link>
      <div>
        <TimeAgo at={v.created_at} className="small text-body-secondary" />
      </div>
    </Row>
  );
}
