import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostStatus } from '@quorum/contract';
import { Link } from '../../components/Link';
import { TimeAgo } from '../../components/TimeAgo';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { formatCount } from '../../lib/format';
import type { CommentInfo } from '../post-actions/batch';
import { ConfirmModal } from '../post-actions/lazyDialogs';
import { useGate } from '../post-actions/useGate';
import { useFlag } from '../flag/useFlag';
import { CommentForm } from './CommentForm';

const userHref = (name: string) => `/users/${encodeURIComponent(name)}`;

/**
 * One comment: up-vote, text (server-rendered HTML; `@name` already a profile link), author, reply target, time,
 * and reply / edit / delete (the last two from its `member_actions`; delete asks first) / flag (for members, on
 * others' comments, or when the server offers `report`). A comment hidden by flags pending review (status 11,
 * shown only to its author and moderators) is marked pending, with no actions until a moderator decides. On a
 * locked post (`voteLocked`) the up-vote is disabled and says why.
 */
export function CommentItem({ c, onChange, onDelete, onReply, voteLocked = false }: { c: CommentInfo; onChange: (c: CommentInfo) => void; onDelete: () => void; onReply: () => void; voteLocked?: boolean }) {
  const { t } = useTranslation();
  const gate = useGate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const may = (a: string) => c.member_actions?.some((m) => m.action === a);
  const { user } = useCurrentUser();
  const flag = useFlag();
  const mayFlag = may('report') || (!!user && user.id !== c.user_id);

  const vote = async () => {
    if (busy || !gate()) return;
    setBusy(true);
    try {
      const r = await api.post<{ votes: number; vote_status: string }>('/answer/api/v1/vote/up', { object_id: c.comment_id, is_cancel: c.is_vote });
      onChange({ ...c, vote_count: r.votes, is_vote: r.vote_status === 'vote_up' });
    } catch {
      // toast shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const save = async (text: string) => {
    const updated = await api.put<CommentInfo>('/answer/api/v1/comment', { comment_id: c.comment_id, original_text: text });
    onChange({ ...c, ...updated });
    setEditing(false);
  };

  const name = c.user_display_name || c.username;
  const hidden = c.status === PostStatus.pending;
  return (
    <li className="q-comment d-flex gap-2 py-2 border-bottom small" id={`comment-${c.comment_id}`}>
      <div className="text-center flex-shrink-0" style={{ width: 36 }}>
        <button
          type="button"
          className={`btn btn-sm py-0 px-1 lh-1 ${c.is_vote ? 'text-primary' : 'text-body-secondary'}`}
          aria-pressed={c.is_vote}
          aria-label={t('qa.comment.vote', { count: c.vote_count })}
          title={voteLocked ? t('lock.comment_votes_locked') : t('qa.comment.vote_title')}
          disabled={busy || voteLocked}
          onClick={() => void vote()}
        >
          <svg width="12" height="12" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
            <path d="M8 3 15 12H1z" />
          </svg>
          <span className="d-block">{c.vote_count ? formatCount(c.vote_count) : ''}</span>
        </button>
      </div>
      <div className="flex-grow-1 min-w-0">
        {editing ? (
          <CommentForm id={`qa-edit-${c.comment_id}`} initial={c.original_text} submitLabel={t('qa.comment.save')} onSubmit={save} onCancel={() => setEditing(false)} />
        ) : (
          <div className="text-break">
            <span className="q-comment-text" dangerouslySetInnerHTML={{ __html: c.parsed_text }} />{' '}
            <span className="text-body-secondary">
              – <Link to={userHref(c.username)}>{name}</Link>
              {c.reply_username ? (
                <>
                  {' '}
                  {t('qa.comment.replying')} <Link to={userHref(c.reply_username)}>{c.reply_user_display_name || c.reply_username}</Link>
                </>
              ) : null}{' '}
              <TimeAgo at={c.created_at} />
            </span>
            {hidden ? (
              <span className="badge text-bg-warning ms-2" title={t('status.pending_message')}>
                {t('status.pending')}
              </span>
            ) : null}
            <span className={hidden ? 'd-none' : 'ms-2 d-inline-flex gap-2'}>
              <button type="button" className="btn btn-link btn-sm p-0 small text-body-secondary" onClick={() => gate() && onReply()}>
                {t('qa.comment.reply')}
              </button>
              {may('edit') ? (
                <button type="button" className="btn btn-link btn-sm p-0 small text-body-secondary" onClick={() => setEditing(true)}>
                  {t('qa.action.edit')}
                </button>
              ) : null}
              {may('delete') ? (
                <button type="button" className="btn btn-link btn-sm p-0 small text-danger" onClick={() => setConfirming(true)}>
                  {t('qa.action.delete')}
                </button>
              ) : null}
              {mayFlag ? (
                <button type="button" className="btn btn-link btn-sm p-0 small text-body-secondary" onClick={() => flag.open('comment', c.comment_id)}>
                  {t('flag.action')}
                </button>
              ) : null}
            </span>
          </div>
        )}
      </div>
      <ConfirmModal
        show={confirming}
        title={t('qa.comment.delete_title')}
        body={t('qa.comment.delete_body')}
        confirmLabel={t('qa.action.delete')}
        variant="danger"
        onConfirm={async () => {
          await api.delete('/answer/api/v1/comment', { comment_id: c.comment_id });
          onDelete();
        }}
        onHide={() => setConfirming(false)}
      />
      {flag.dialog}
    </li>
  );
}
