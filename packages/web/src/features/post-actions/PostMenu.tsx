import { useId, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { PostStatus } from '@quorum/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import { api } from '../../lib/api';
import { isActivated, isStaff, useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { AnswerInfo, MemberAction, QuestionInfo } from '../../lib/types';
import { useFlag } from '../flag/useFlag';
import { questionInfoKey } from '../questions/hooks';
import { answerInfoKey, patchAnswer, removeAnswer } from './cache';
import { CloseDialog, ConfirmModal } from './lazyDialogs';
import { refusal, usePermissions } from './usePermissions';
import { useLockMenu } from '../lock/useLockMenu';
import { useWikiMenu } from '../wiki/useWikiMenu';

/** The menu's edit entry when the server did not offer it (not earned yet). */
const EDIT_ENTRY: MemberAction = { action: 'edit', name: '', type: 'edit' };

/**
 * A menu action the member has not earned yet: a dimmed item marked aria-disabled, described by the reason shown
 * under it; choosing it shows the reason again (touch screens).
 */
function NotYetItem({ id, label, reason }: { id: string; label: string; reason: string }) {
  return (
    <>
      {/* A plain button with the menu's item marker (keyboard navigation): Dropdown.Item would drop aria-disabled. */}
      <button type="button" data-rr-ui-dropdown-item="" className="dropdown-item opacity-50" aria-disabled="true" aria-describedby={id} onClick={() => toast(reason, 'info')}>
        {label}
      </button>
      <Dropdown.ItemText id={id} className="small text-body-secondary q-menu-why">
        {reason}
      </Dropdown.ItemText>
    </>
  );
}

/** Actions this menu handles ('report' opens the flag dialog). */
const HANDLED = ['report', 'edit', 'close', 'reopen', 'pin', 'unpin', 'hide', 'show', 'delete', 'undelete'];
type Confirmable = 'reopen' | 'pin' | 'unpin' | 'hide' | 'show' | 'delete' | 'undelete';

/** The call behind each confirmable action of a question. */
function questionCall(action: Confirmable, id: string): Promise<unknown> {
  if (action === 'delete') return api.delete('/answer/api/v1/question', { id });
  if (action === 'undelete') return api.post('/answer/api/v1/question/recover', { question_id: id });
  if (action === 'reopen') return api.put('/answer/api/v1/question/reopen', { question_id: id });
  return api.put('/answer/api/v1/question/operation', { id, operation: action });
}

/**
 * The post's menu, driven by the `member_actions` the server sent for the viewer: flag (the flag dialog),
 * edit (link to the edit page),
 * close (dialog with reasons) / reopen, pin / unpin, hide / show (unlist / list), delete / undelete — each
 * asks for confirmation first. Afterwards only the changed post is re-read. Editing someone else's post, when the
 * member has not earned it yet (no `edit` in member_actions, GET /permission refuses `<kind>.edit`), is shown
 * disabled with the reason (the reputation it needs, the member's own and how to earn it) instead of missing;
 * the same for flagging below `report.add`.
 */
export function PostMenu({ question, answer, onFlagged }: { question: QuestionInfo; answer?: AnswerInfo; onFlagged?: (objectId: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [pending, setPending] = useState<Confirmable | null>(null);
  const [closing, setClosing] = useState(false);
  const flag = useFlag((_, id) => onFlagged?.(id));
  const lockMenu = useLockMenu(question, answer);
  const wikiMenu = useWikiMenu(question, answer);
  const whyId = useId();
  const kind = answer ? 'answer' : 'question';
  const post = answer ?? question;
  const given: MemberAction[] = (post.member_actions ?? []).filter((a) => HANDLED.includes(a.action));
  // One permission query for every menu of the page (same key): both kinds' edit and flagging.
  const perms = usePermissions(isActivated(user) ? ['question.edit', 'answer.edit', 'report.add'] : []);
  const canEdit = given.some((a) => a.action === 'edit');
  const notYet: Record<string, string> = {
    edit: !canEdit && post.status !== PostStatus.deleted ? refusal(perms, `${kind}.edit`) : '',
    report: refusal(perms, 'report.add'),
  };
  // An edit not earned yet takes its usual place, after flag.
  const actions = notYet.edit ? [...given.slice(0, 1), EDIT_ENTRY, ...given.slice(1)] : given;
  if (!actions.length) return null;
  const qid = question.id;
  const editHref = answer ? `/posts/${qid}/${answer.id}/edit` : `/posts/${qid}/edit`;

  const refreshQuestion = () => qc.invalidateQueries({ queryKey: [questionInfoKey(qid)] });
  const refreshAnswer = async (aid: string) => {
    const r = await api.get<{ info: AnswerInfo }>('/answer/api/v1/answer/info', { id: aid }, { passingError: true }).catch(() => null);
    if (r?.info) {
      patchAnswer(qc, qid, aid, r.info);
      qc.setQueryData([answerInfoKey(aid)], r);
    }
  };

  const run = async (action: Confirmable) => {
    if (answer) {
      if (action === 'delete') await api.delete('/answer/api/v1/answer', { id: answer.id });
      else await api.post('/answer/api/v1/answer/recover', { answer_id: answer.id });
      if (action === 'delete' && !isStaff(user)) removeAnswer(qc, qid, answer.id);
      else await refreshAnswer(answer.id);
      // Deleting an accepted answer takes the acceptance back: re-read the question's counts and state.
      void refreshQuestion();
    } else {
      await questionCall(action, qid);
      if (action === 'delete' && !isStaff(user)) {
        toast(t('qa.done.delete'), 'success');
        void navigate('/questions');
        return;
      }
      await refreshQuestion();
    }
    toast(t(`qa.done.${action}`), 'success');
  };

  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle variant="link" size="sm" className="text-body-secondary text-decoration-none px-1" id={`qa-menu-${answer?.id ?? qid}`}>
          {t(`qa.menu.${kind}`)}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {actions.map((a) =>
            notYet[a.action] ? (
              <NotYetItem key={a.action} id={`${whyId}-${a.action}`} label={a.action === 'report' ? t('flag.action') : t(`qa.action.${a.action}`)} reason={notYet[a.action]!} />
            ) : a.action === 'edit' ? (
              <Dropdown.Item key={a.action} as={Link} to={editHref}>
                {t('qa.action.edit')}
              </Dropdown.Item>
            ) : (
              <Dropdown.Item
                key={a.action}
                as="button"
                className={a.action === 'delete' ? 'text-danger' : undefined}
                onClick={() => (a.action === 'report' ? flag.open(kind, answer?.id ?? qid, document.getElementById(`qa-menu-${answer?.id ?? qid}`)) : a.action === 'close' ? setClosing(true) : setPending(a.action as Confirmable))}
              >
                {a.action === 'report' ? t('flag.action') : t(`qa.action.${a.action}`)}
              </Dropdown.Item>
            ),
          )}
          {wikiMenu.items}
          {lockMenu.items}
        </Dropdown.Menu>
      </Dropdown>
      <ConfirmModal
        show={!!pending}
        title={pending ? t(`qa.confirm.${pending}_title`, { kind: t(`qa.kind.${kind}`) }) : ''}
        body={pending ? t(`qa.confirm.${pending}_body`, { kind: t(`qa.kind.${kind}`) }) : ''}
        confirmLabel={pending ? t(`qa.action.${pending}`) : ''}
        variant={pending === 'delete' ? 'danger' : 'primary'}
        onConfirm={() => run(pending!)}
        onHide={() => setPending(null)}
      />
      {flag.dialog}
      {lockMenu.dialog}
      {wikiMenu.dialog}
      {closing ? (
        <CloseDialog
          show
          questionId={qid}
          onHide={() => setClosing(false)}
          onClosed={() => {
            toast(t('qa.done.close'), 'success');
            void refreshQuestion();
          }}
        />
      ) : null}
    </>
  );
}
