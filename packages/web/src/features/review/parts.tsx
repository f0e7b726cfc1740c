/**
 * Pieces shared by the review tasks: the task card, a person line, the post in context (its question's title,
 * tags and server-sanitized body) and the row of action buttons with one busy state.
 */
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { questionPath } from '@quorum/contract';
import { Avatar } from '../../components/Avatar';
import { StatusBadge } from '../../components/StatusBadge';
import { TagList } from '../../components/TagLink';
import { TimeAgo } from '../../components/TimeAgo';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';

/** A person as the review lists carry them. */
export interface Person {
  username: string;
  display_name?: string;
  avatar?: string;
  rank?: number;
}

/** '<label> <avatar> name · reputation · time'. */
export function PersonLine({ label, user, at, fallbackName }: { label: string; user: Person | null | undefined; at?: number; fallbackName?: string }) {
  const { t } = useTranslation();
  const name = user ? user.display_name || user.username : (fallbackName ?? '');
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 small text-body-secondary">
      <span>{label}</span>
      {user ? <Avatar src={user.avatar} name={name} size={20} /> : null}
      {user ? (
        <Link to={`/users/${encodeURIComponent(user.username)}`} className="fw-medium">
          {name}
        </Link>
      ) : (
        <span className="fw-medium">{name}</span>
      )}
      {user?.rank !== undefined ? <span title={t('review.user.reputation')}>{formatCount(user.rank)}</span> : null}
      {at ? <TimeAgo at={at} /> : null}
    </div>
  );
}

/** Where a post lives and what it says now. */
export interface PostContext {
  kind: 'question' | 'answer' | 'comment' | 'tag';
  questionId?: string;
  answerId?: string;
  title?: string;
  /** The question's permalink slug as the server made it (`url_title`). */
  slug?: string;
  tags?: { slug_name: string; display_name?: string }[];
  /** Server-rendered, sanitized HTML. */
  html?: string;
  status?: number;
  show?: number;
}

/** The kind badge and the question's title as a link (opens in a new tab so the task stays). */
export function PostHeading({ post }: { post: PostContext }) {
  const { t } = useTranslation();
  const style = permalinkStyle(useSiteInfo());
  const href = post.questionId ? questionPath(post.questionId, post.title ?? '', style, post.kind === 'answer' ? post.answerId : undefined, post.slug) : null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
      <Badge bg="secondary-subtle" text="secondary-emphasis" className="border">
        {t(`review.kind.${post.kind}`)}
      </Badge>
      {post.status !== undefined ? <StatusBadge status={post.status} show={post.show} /> : null}
      {post.title ? (
        <h3 className="h5 mb-0 text-break flex-grow-1">
          {href ? (
            <a href={href} target="_blank" rel="noopener" title={t('review.open_post')}>
              {post.kind === 'question' ? post.title : t('review.in_question', { title: post.title })}
            </a>
          ) : (
            post.title
          )}
        </h3>
      ) : null}
    </div>
  );
}

/** The post's body and tags. */
export function PostBody({ post }: { post: PostContext }) {
  return (
    <>
      {post.html ? <div className="q-post q-review-post text-break" dangerouslySetInnerHTML={{ __html: post.html }} /> : null}
      {post.tags?.length ? <TagList tags={post.tags.map((x) => ({ slug_name: x.slug_name, display_name: x.display_name || x.slug_name }))} className="mt-2" /> : null}
    </>
  );
}

/** A task: its content and, at the bottom, its actions. */
export function TaskCard({ children, actions, label }: { children: ReactNode; actions: ReactNode; label: string }) {
  return (
    <article className="card q-review-task" aria-label={label}>
      <div className="card-body d-flex flex-column gap-3">{children}</div>
      <div className="card-footer bg-body-tertiary d-flex flex-wrap gap-2 justify-content-end">{actions}</div>
    </article>
  );
}

/** An action button that shows a spinner while its action runs; every button is disabled while any runs. */
export function ActionButton({ id, busy, variant, onClick, children }: { id: string; busy: string | null; variant: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant={variant} size="sm" disabled={!!busy} onClick={onClick} data-action={id}>
      {busy === id ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

/** A labelled block ('Reason: spam'). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="small">
      <span className="text-body-secondary me-1">{label}:</span>
      <span className="text-break">{children}</span>
    </div>
  );
}
