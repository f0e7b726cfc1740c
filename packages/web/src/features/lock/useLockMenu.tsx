/**
 * The lock and protection items of a post's menu (features/post-actions/PostMenu.tsx): for moderators and
 * administrators "Lock…" (the lock dialog, loaded when first opened) or "Unlock" on a post with its own lock; on a
 * question "Protect" or "Unprotect" for them and for members with the protect privilege (the question info's
 * `can_protect`, the server's own rule). The server checks everything again (POST/DELETE /post/lock and
 * /question/protect); afterwards the question and the answer are read again, so the notices show at once.
 * Strings: i18n/<lang>/ui-lock.yaml, loaded with the question page's action chunk.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { isStaff, useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { questionInfoKey } from '../questions/hooks';
import { answerInfoKey, patchAnswer } from '../post-actions/cache';
import { lockOf, protectionOf } from './LockNotice';

const LockDialog = lazy(() => import('./LockDialog').then((m) => ({ default: m.LockDialog })));

/** `{items, dialog}`: menu items to render inside the menu and the dialog to render beside it (null for members). */
export function useLockMenu(question: QuestionInfo, answer?: AnswerInfo): { items: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const staff = !!user && isStaff(user);
  const canProtect = !answer && (staff || (question as QuestionInfo & { can_protect?: boolean }).can_protect === true);
  if (!user || (!staff && !canProtect)) return { items: null, dialog: null };
  const post = answer ?? question;
  const lock = lockOf(post);
  const ownLock = lock && !(answer && lock.on_question) ? lock : null;
  const protection = answer ? null : protectionOf(question);

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: [questionInfoKey(question.id)] });
    if (!answer) return;
    const r = await api.get<{ info: AnswerInfo }>('/answer/api/v1/answer/info', { id: answer.id }, { passingError: true }).catch(() => null);
    if (r?.info) {
      patchAnswer(qc, question.id, answer.id, r.info);
      qc.setQueryData([answerInfoKey(answer.id)], r);
    }
  };
  const run = async (call: () => Promise<unknown>, done: string) => {
    await call();
    await refresh();
    toast(t(done), 'success');
  };

  const items = (
    <>
      <Dropdown.Divider />
      {!staff ? null : ownLock ? (
        <Dropdown.Item as="button" onClick={() => void run(() => api.delete('/answer/api/v1/post/lock', { object_id: post.id }), 'lock.done_unlock')}>
          {t('lock.menu_unlock')}
        </Dropdown.Item>
      ) : (
        <Dropdown.Item
          as="button"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          {t('lock.menu_lock')}
        </Dropdown.Item>
      )}
      {!canProtect ? null : protection ? (
        <Dropdown.Item as="button" onClick={() => void run(() => api.delete('/answer/api/v1/question/protect', { question_id: question.id }), 'lock.done_unprotect')}>
          {t('lock.menu_unprotect')}
        </Dropdown.Item>
      ) : (
        <Dropdown.Item as="button" onClick={() => void run(() => api.post('/answer/api/v1/question/protect', { question_id: question.id }), 'lock.done_protect')}>
          {t('lock.menu_protect')}
        </Dropdown.Item>
      )}
    </>
  );
  const dialog = opened ? (
    <Suspense fallback={null}>
      <LockDialog
        show={open}
        objectId={post.id}
        kind={answer ? 'answer' : 'question'}
        onHide={() => setOpen(false)}
        onLocked={() => {
          void refresh();
          toast(t('lock.done_lock'), 'success');
        }}
      />
    </Suspense>
  ) : null;
  return { items, dialog };
}
