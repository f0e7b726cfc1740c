/**
 * What a group's managers (its moderators and admins) see on the group page: the waiting requests (approve, refuse),
 * the open invitations (cancel), an invite form by username with its field error, and each member's actions (remove,
 * after a confirmation; make or unmake a group moderator, for admins). Rule groups have no requests, invitations or
 * removals: their membership follows the rule.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { GroupInfo, GroupMemberInfo } from '@quorum/contract';
import { UserLink } from '../../components/UserLink';
import { errorMessage, serverFieldErrors } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { GROUPS_KEY, groupApi } from './api';

type Action = 'approve' | 'invite' | 'remove' | 'promote' | 'demote';

const isRule = (g: GroupInfo) => g.join_policy === 'domain' || g.join_policy === 'directory';

/** Runs one member action and refreshes; a refusal is a toast. */
function useAct(group: GroupInfo, onChange: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState('');
  const act = async (username: string, action: Action) => {
    setBusy(`${username}:${action}`);
    try {
      await groupApi.act(group.slug_name, username, action);
      await onChange();
    } catch (err) {
      toast(errorMessage(err, t('groups.action_failed')));
    } finally {
      setBusy('');
    }
  };
  return { busy, act };
}

/** Remove / make moderator / unmake moderator for one member of the list. */
export function MemberActions({ group, member, isAdmin, onChange }: { group: GroupInfo; member: GroupMemberInfo; isAdmin: boolean; onChange: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { busy, act } = useAct(group, onChange);
  const [confirm, setConfirm] = useState(false);
  const name = member.user.display_name || member.user.username;
  return (
    <div className="d-flex gap-1 flex-shrink-0">
      {isAdmin ? (
        <Button size="sm" variant="link" className="p-0 small" disabled={busy !== ''} onClick={() => void act(member.user.username, member.role === 'moderator' ? 'demote' : 'promote')}>
          {member.role === 'moderator' ? t('groups.manage.demote') : t('groups.manage.promote')}
        </Button>
      ) : null}
      {member.source === 'manual' && !isRule(group) ? (
        <>
          <Button size="sm" variant="link" className="p-0 small text-danger ms-2" disabled={busy !== ''} onClick={() => setConfirm(true)} aria-label={t('groups.manage.remove_named', { name })}>
            {t('groups.manage.remove')}
          </Button>
          <ConfirmDialog
            show={confirm}
            title={t('groups.manage.remove_title')}
            message={t('groups.manage.remove_message', { name, group: group.display_name })}
            confirmLabel={t('groups.manage.remove')}
            busy={busy !== ''}
            onCancel={() => setConfirm(false)}
            onConfirm={() => void act(member.user.username, 'remove').then(() => setConfirm(false))}
          />
        </>
      ) : null}
    </div>
  );
}

/** A short list of waiting members with one or two buttons each. */
function PendingList({ group, state, onChange }: { group: GroupInfo; state: 'requested' | 'invited'; onChange: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { busy, act } = useAct(group, onChange);
  const list = useQuery({ queryKey: [GROUPS_KEY, 'members', group.slug_name, state], queryFn: () => groupApi.members(group.slug_name, state, 1, 100) });
  if (!list.data) return null;
  return (
    <div className="mb-3">
      <h3 className="h6">{t(`groups.manage.${state}`, { count: list.data.count })}</h3>
      {list.data.count === 0 ? <p className="small text-body-secondary mb-0">{t(`groups.manage.no_${state}`)}</p> : null}
      <ul className="list-unstyled mb-0" data-testid={`group-${state}`}>
        {list.data.list.map((m) => (
          <li key={m.user.id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <UserLink user={m.user} className="text-break" />
            {state === 'requested' ? (
              <Button size="sm" variant="outline-success" disabled={busy !== ''} onClick={() => void act(m.user.username, 'approve')}>{t('groups.manage.approve')}</Button>
            ) : null}
            <Button size="sm" variant="outline-secondary" disabled={busy !== ''} onClick={() => void act(m.user.username, 'remove')}>
              {state === 'requested' ? t('groups.manage.refuse') : t('groups.manage.cancel_invitation')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The managers' panel above the member list. */
export function GroupManage({ group, onChange }: { group: GroupInfo; onChange: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (isRule(group)) return null;
  const invite = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!username.trim()) return setError(t('groups.manage.username_required'));
    setBusy(true);
    try {
      await groupApi.act(group.slug_name, username.trim(), 'invite');
      setUsername('');
      await onChange();
    } catch (err) {
      setError(serverFieldErrors(err)?.username ?? errorMessage(err, t('groups.action_failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="q-group-manage" className="card card-body mb-4" data-testid="group-manage">
      <h2 id="q-group-manage" className="h5">{t('groups.manage.title')}</h2>
      {group.join_policy === 'request' ? <PendingList group={group} state="requested" onChange={onChange} /> : null}
      <PendingList group={group} state="invited" onChange={onChange} />
      <Form onSubmit={(e) => void invite(e)} noValidate className="d-flex flex-wrap gap-2 align-items-start">
        <Form.Group controlId="q-group-invite" className="flex-grow-1" style={{ maxWidth: '20rem' }}>
          <Form.Label className="visually-hidden">{t('groups.manage.invite_label')}</Form.Label>
          <Form.Control size="sm" value={username} onChange={(e) => setUsername(e.target.value)} placeholder={t('groups.manage.invite_placeholder')} isInvalid={error !== ''} autoComplete="off" />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <Button size="sm" type="submit" disabled={busy}>{t('groups.manage.invite')}</Button>
      </Form>
    </section>
  );
}
