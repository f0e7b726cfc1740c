/**
 * The community wiki item of a post's menu (features/post-actions/PostMenu.tsx): "Make community wiki" for the
 * post's author and for moderators while the post is not wiki, "Make ordinary post" for moderators while it is.
 * Each opens a confirmation (WikiDialog, loaded when first opened) that says what changes; the author is told
 * they cannot undo it. The server checks everything again (PUT /post/wiki); afterwards the question and the
 * answer are read again, so the signature shows the change at once. Strings: i18n/<lang>/ui-wiki-actions.yaml.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { PostStatus } from '@quorum/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { isActivated, isStaff, useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { questionInfoKey } from '../questions/hooks';
import { answerInfoKey, patchAnswer } from '../post-actions/cache';

const WikiDialog = lazy(() => import('./WikiDialog').then((m) => ({ default: m.WikiDialog })));

/** `{items, dialog}`: the menu item to render inside the menu and the dialog beside it (null when not offered). */
export function useWikiMenu(question: QuestionInfo, answer?: AnswerInfo): { items: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const post = answer ?? question;
  const staff = isStaff(user);
  const own = !!user && post.user_info?.id === user.id;
  const wiki = !!post.wiki;
  if (!isActivated(user) || post.status === PostStatus.deleted || (wiki ? !staff : !(staff || own))) return { items: null, dialog: null };
  const kind = answer ? 'answer' : 'question';

  const confirm = async () => {
    await api.put('/answer/api/v1/post/wiki', { object_id: post.id, wiki: !wiki });
    await qc.invalidateQueries({ queryKey: [questionInfoKey(question.id)] });
    if (answer) {
      const r = await api.get<{ info: AnswerInfo }>('/answer/api/v1/answer/info', { id: answer.id }, { passingError: true }).catch(() => null);
      if (r?.info) {
        patchAnswer(qc, question.id, answer.id, r.info);
        qc.setQueryData([answerInfoKey(answer.id)], r);
      }
    }
    toast(t(wiki ? 'wiki.done_off' : 'wiki.done_on'), 'success');
  };

  const items = (
    <Dropdown.Item
      as="button"
      onClick={() => {
        setOpened(true);
        setOpen(true);
      }}
    >
      {t(wiki ? 'wiki.menu_off' : 'wiki.menu_on')}
    </Dropdown.Item>
  );
  const dialog = opened ? (
    <Suspense fallback={null}>
      <WikiDialog show={open} makeWiki={!wiki} kind={kind} byAuthor={own && !staff} onConfirm={confirm} onHide={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { items, dialog };
}
