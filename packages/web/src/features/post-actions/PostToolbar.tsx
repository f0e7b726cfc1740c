import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { questionPath } from '@quorum/contract';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { toast } from '../../lib/toast';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { FlagMarks, useMarkFlagged } from '../flag/state';
import { patchQuestion } from './cache';
import { Reactions } from './Reactions';
import { useGate } from './useGate';

// The post's menu (react-bootstrap's Dropdown, the lock and wiki entries, the flag dialog: ~15 KB brotli) has
// entries only for a logged-in member (member_actions is empty for a visitor), so a reader never loads it.
const PostMenu = lazy(() => import('./PostMenu').then((m) => ({ default: m.PostMenu })));

const icon = (d: string, filled = false) => (
  <svg width="14" height="14" viewBox="0 0 16 16" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" aria-hidden="true" className="me-1">
    <path d={d} />
  </svg>
);
const BOOKMARK = 'M4 2h8v12l-4-3-4 3z';
const BELL = 'M4 11V7a4 4 0 0 1 8 0v4l1 1.5H3zM6.5 14h3';
const LINK = 'M6.5 9.5a3 3 0 0 0 4.2 0l2.1-2.1a3 3 0 0 0-4.2-4.2l-.8.8M9.5 6.5a3 3 0 0 0-4.2 0L3.2 8.6a3 3 0 0 0 4.2 4.2l.8-.8';

/** Copies text to the clipboard; false when the browser refuses. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The row under a post: reactions, share (copies the permalink), for the question bookmark (POST
 * /collection/switch) and follow (POST /follow) with their counts, history, the post's menu, and its flag marks
 * (flagged by the viewer; open flags for moderators).
 */
export function PostToolbar({ question, answer, pageIds }: { question: QuestionInfo; answer?: AnswerInfo; pageIds: string[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const gate = useGate();
  const site = useSiteInfo();
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState<'bookmark' | 'follow' | null>(null);
  const markFlagged = useMarkFlagged(pageIds);
  const q = question;
  const objectId = answer?.id ?? q.id;

  const share = async () => {
    const url = `${window.location.origin}${questionPath(q.id, q.title, permalinkStyle(site), answer?.id, q.url_title)}`;
    if (await copy(url)) toast(t('qa.share.copied'), 'success');
    else window.prompt(t('qa.share.prompt'), url);
  };

  const bookmark = async () => {
    if (busy || !gate()) return;
    setBusy('bookmark');
    try {
      const r = await api.post<{ object_collection_count: number }>('/answer/api/v1/collection/switch', { object_id: q.id, group_id: '0', bookmark: !q.collected });
      patchQuestion(qc, q.id, { collected: !q.collected, collection_count: r.object_collection_count });
      toast(t(q.collected ? 'qa.bookmark.removed' : 'qa.bookmark.added'), 'success');
    } catch {
      // toast shown by the API client
    } finally {
      setBusy(null);
    }
  };

  const follow = async () => {
    if (busy || !gate()) return;
    setBusy('follow');
    try {
      const r = await api.post<{ follows: number; is_followed: boolean }>('/answer/api/v1/follow', { object_id: q.id, is_cancel: q.is_followed });
      patchQuestion(qc, q.id, { is_followed: r.is_followed, follow_count: r.follows });
    } catch {
      // toast shown by the API client
    } finally {
      setBusy(null);
    }
  };

  const btn = 'btn btn-sm btn-link text-body-secondary text-decoration-none px-1 d-inline-flex align-items-center';
  return (
    <div className="q-toolbar d-flex flex-wrap align-items-center gap-2 mt-3">
      <Reactions objectId={objectId} pageIds={pageIds} />
      <div className="d-flex flex-wrap align-items-center gap-1 ms-sm-2">
        <button type="button" className={btn} onClick={() => void share()}>
          {icon(LINK)}
          {t('qa.share.button')}
        </button>
        {!answer ? (
          <>
            <button type="button" className={`${btn}${q.collected ? ' text-primary' : ''}`} aria-pressed={q.collected} disabled={busy === 'bookmark'} onClick={() => void bookmark()}>
              {icon(BOOKMARK, q.collected)}
              {t(q.collected ? 'qa.bookmark.on' : 'qa.bookmark.off')}
              <span className="ms-1 badge rounded-pill text-bg-secondary" aria-label={t('qa.bookmark.count', { count: q.collection_count })}>
                {formatCount(q.collection_count)}
              </span>
            </button>
            <button type="button" className={`${btn}${q.is_followed ? ' text-primary' : ''}`} aria-pressed={q.is_followed} disabled={busy === 'follow'} onClick={() => void follow()}>
              {icon(BELL, q.is_followed)}
              {t(q.is_followed ? 'qa.follow.on' : 'qa.follow.off')}
              <span className="ms-1 badge rounded-pill text-bg-secondary" aria-label={t('qa.follow.count', { count: q.follow_count })}>
                {formatCount(q.follow_count)}
              </span>
            </button>
          </>
        ) : null}
        {user ? (
          <Link className={btn} to={answer ? `/posts/${q.id}/${answer.id}/timeline` : `/posts/${q.id}/timeline`}>
            {t('qa.history')}
          </Link>
        ) : null}
        {user ? (
          <Suspense fallback={null}>
            <PostMenu question={q} answer={answer} onFlagged={markFlagged} />
          </Suspense>
        ) : null}
        {user ? <FlagMarks objectId={objectId} pageIds={pageIds} /> : null}
      </div>
    </div>
  );
}
