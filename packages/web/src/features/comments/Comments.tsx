import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { isStaff, useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { PageData } from '../../lib/types';
import { patchComments, useCommentBatch, type CommentInfo } from '../post-actions/batch';
import { useGate } from '../post-actions/useGate';
import { SilencedNotice } from '../penalty/SilencedNotice';
import { CommentForm, mentionsOf } from './CommentForm';
import { CommentItem } from './CommentItem';

/** Comments loaded per 'show more' step (GET /comment/page, oldest first). */
const MORE_PAGE_SIZE = 50;

/**
 * Comments under a post. The first ones come from the page's one batched GET /comment/batch; 'show more'
 * reads that post's GET /comment/page. Add, reply, edit, delete and up-vote update the lists in place.
 * @param locked the post is under a lock in force (features/lock): its comments' votes are shown disabled to
 *   everyone but moderators, as the server refuses them
 */
export function Comments({ objectId, pageIds, locked = false }: { objectId: string; pageIds: string[]; locked?: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const gate = useGate();
  const { user } = useCurrentUser();
  const batch = useCommentBatch(pageIds);
  const block = batch.data?.[objectId];
  const [all, setAll] = useState<{ list: CommentInfo[]; page: number; count: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [form, setForm] = useState<{ replyTo?: CommentInfo } | null>(null);
  const viewer = user?.id ?? '';

  const list = all?.list ?? block?.list ?? [];
  const count = all?.count ?? block?.count ?? 0;
  const hidden = Math.max(0, count - list.length);

  /** Applies a change to the shown list and to the batch (counts, preview). */
  const update = (fn: (l: CommentInfo[]) => CommentInfo[], delta = 0) => {
    patchComments(qc, pageIds, viewer, objectId, (b) => ({ count: b.count + delta, list: fn(b.list) }));
    setAll((a) => (a ? { ...a, count: a.count + delta, list: fn(a.list) } : a));
  };

  const loadMore = async () => {
    setLoading(true);
    try {
      const page = (all?.page ?? 0) + 1;
      const r = await api.get<PageData<CommentInfo>>('/answer/api/v1/comment/page', { object_id: objectId, page, page_size: MORE_PAGE_SIZE, query_cond: 'created_at' });
      setAll((a) => {
        const seen = new Set((page === 1 ? [] : (a?.list ?? [])).map((c) => c.comment_id));
        const base = page === 1 ? [] : (a?.list ?? []);
        return { page, count: r.count, list: [...base, ...r.list.filter((c) => !seen.has(c.comment_id))] };
      });
    } catch {
      // toast shown by the API client
    } finally {
      setLoading(false);
    }
  };

  const add = async (text: string) => {
    const reply = form?.replyTo;
    const c = await api.post<CommentInfo>('/answer/api/v1/comment', {
      object_id: objectId,
      original_text: text,
      mention_username_list: mentionsOf(text),
      reply_comment_id: reply?.comment_id ?? '',
    });
    update((l) => [...l, c], 1);
    setForm(null);
    toast(t('qa.comment.added'), 'success');
  };

  const openForm = (replyTo?: CommentInfo) => {
    if (!gate()) return;
    setForm({ replyTo });
  };

  return (
    <section className="q-comments mt-3" aria-label={t('qa.comment.section', { count })}>
      {list.length ? (
        <ul className="list-unstyled mb-1 border-top">
          {list.map((c) => (
            <CommentItem
              key={c.comment_id}
              c={c}
              voteLocked={locked && !isStaff(user)}
              onChange={(n) => update((l) => l.map((x) => (x.comment_id === n.comment_id ? n : x)))}
              onDelete={() => {
                update((l) => l.filter((x) => x.comment_id !== c.comment_id), -1);
                toast(t('qa.comment.deleted'), 'success');
              }}
              onReply={() => openForm(c)}
            />
          ))}
        </ul>
      ) : null}
      {form && user?.silenced ? (
        // A silenced member asking to comment is told why they cannot (the server refuses it anyway).
        <SilencedNotice className="mt-2 mb-0 py-2 small" />
      ) : form ? (
        <>
          {form.replyTo ? <div className="small text-body-secondary mt-2">{t('qa.comment.reply_to', { name: form.replyTo.user_display_name || form.replyTo.username })}</div> : null}
          <CommentForm
            key={form.replyTo?.comment_id ?? 'new'}
            id={`qa-comment-${objectId}`}
            initial={form.replyTo ? `@${form.replyTo.username} ` : ''}
            submitLabel={t('qa.comment.submit')}
            onSubmit={add}
            onCancel={() => setForm(null)}
          />
        </>
      ) : (
        <div className="d-flex flex-wrap gap-3 small">
          <button type="button" className="btn btn-link btn-sm p-0 text-body-secondary" onClick={() => openForm()}>
            {t('qa.comment.add')}
          </button>
          {hidden > 0 ? (
            <button type="button" className="btn btn-link btn-sm p-0" onClick={() => void loadMore()} disabled={loading}>
              {loading ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
              {t('qa.comment.show_more', { count: hidden })}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
