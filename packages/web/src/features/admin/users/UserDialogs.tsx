/**
 * The user dialogs of spec §2 and §6: change role, set a new password (which logs the user out), activation
 * (show the link / resend the e-mail), silence or suspend for a length with a reason (PenaltyDialog.tsx), lift a
 * silence, delete (optionally with the user's content), and back to normal. `useUserActions` gives a page one set
 * of dialogs and an `open`.
 */
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminUserPasswordReq } from '@quorum/contract';
import { api } from '../../../lib/api';
import { schemaErrors, translateChecks } from '../../../lib/formErrors';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/useFormSubmit';
import TextField from '../../auth/TextField';
import { ADMIN_API, ADMIN_KEY, fetchRoles } from '../api';
import { ConfirmDialog } from '../ConfirmDialog';
import { PenaltyDialog } from './PenaltyDialog';
import { liftPenalty } from './penaltyApi';

/** The user a dialog acts on. */
export interface TargetUser {
  user_id: string;
  username: string;
  display_name: string;
  role_id: number;
  status: string;
  /** A silence in force (known on the detail page). */
  silenced?: boolean;
}

export type UserAction = 'role' | 'password' | 'activation' | 'silence' | 'unsilence' | 'suspend' | 'delete' | 'normal';

/** Actions offered for a user in a given status (and silence, when known). */
export function actionsFor(status: string, silenced = false): UserAction[] {
  if (status === 'deleted') return [];
  const out: UserAction[] = ['role', 'password'];
  if (status === 'inactive') out.push('activation');
  if (status === 'suspended' || status === 'inactive') out.push('normal');
  out.push(silenced ? 'unsilence' : 'silence');
  if (status !== 'suspended') out.push('suspend');
  out.push('delete');
  return out;
}

/** The menu label of an action. */
export function actionLabel(t: (key: string) => string, action: UserAction): string {
  return action === 'silence' || action === 'unsilence' ? t(`penalties.action_${action}`) : t(`admin.users.action_${action}`);
}

function FormDialog({ show, title, onHide, onSubmit, busy, submitLabel, variant = 'primary', children }: { show: boolean; title: string; onHide: () => void; onSubmit: () => void; busy: boolean; submitLabel: string; variant?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="q-user-dialog-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Modal.Header closeButton closeLabel={t('admin.common.cancel')}>
          <Modal.Title id="q-user-dialog-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant={variant} disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** One dialog for `action` on `user`; `onDone` after a change. */
function ActionDialog({ action, user, onClose, onDone }: { action: UserAction; user: TargetUser; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const cycle = useFormSubmit(t('admin.form.save_failed'));
  const [role, setRole] = useState(user.role_id);
  const [password, setPassword] = useState('');
  const [removeContent, setRemoveContent] = useState(false);
  const roles = useQuery({ queryKey: [ADMIN_KEY, 'roles'], queryFn: fetchRoles, enabled: action === 'role', staleTime: 60_000 });
  const link = useQuery({
    queryKey: [ADMIN_KEY, 'activation', user.user_id],
    queryFn: () => api.get<{ activation_url: string }>(`${ADMIN_API}/user/activation`, { user_id: user.user_id }),
    enabled: action === 'activation',
    gcTime: 0,
  });
  const name = user.display_name || user.username;
  const run = (local: Record<string, string>, call: () => Promise<unknown>, message: string) =>
    cycle.submit(local, async () => {
      await call();
      toast(message, 'success');
      onDone();
    });
  const status = (body: Record<string, unknown>) => api.put(`${ADMIN_API}/user/status`, { user_id: user.user_id, ...body });
  const alert = cycle.alert ? <div className="alert alert-danger py-2">{cycle.alert}</div> : null;

  switch (action) {
    case 'role':
      // An unchanged role closes the dialog without a request (spec §4 "Role dialog").
      return (
        <FormDialog show title={t('admin.users.role_title', { name })} onHide={onClose} busy={cycle.busy} submitLabel={t('admin.form.save')} onSubmit={() => (role === user.role_id ? onClose() : void run({}, () => api.put(`${ADMIN_API}/user/role`, { user_id: user.user_id, role_id: role }), t('admin.users.role_changed')))}>
          {alert}
          <fieldset>
            <legend className="visually-hidden">{t('admin.users.role')}</legend>
            {(roles.data ?? []).map((r) => (
              <Form.Check key={r.id} type="radio" id={`q-role-${r.id}`} name="role_id" className="mb-2" checked={role === r.id} onChange={() => setRole(r.id)} label={<><span className="fw-medium">{r.name}</span> <span className="d-block small text-body-secondary">{r.description}</span></>} />
            ))}
          </fieldset>
        </FormDialog>
      );
    case 'password':
      return (
        <FormDialog
          show
          title={t('admin.users.password_title', { name })}
          onHide={onClose}
          busy={cycle.busy}
          submitLabel={t('admin.form.save')}
          onSubmit={() => {
            const body = { user_id: user.user_id, password };
            void run(translateChecks(t, schemaErrors(AdminUserPasswordReq, body)), () => api.put(`${ADMIN_API}/user/password`, body), t('admin.users.password_changed'));
          }}
        >
          {alert}
          <p className="small text-body-secondary">{t('admin.users.password_hint')}</p>
          <TextField name="password" type="password" label={t('admin.users.new_password')} value={password} onChange={(v) => { setPassword(v); cycle.clearError('password'); }} error={cycle.errors.password} autoComplete="new-password" autoFocus />
        </FormDialog>
      );
    case 'activation':
      return (
        <FormDialog show title={t('admin.users.activation_title', { name })} onHide={onClose} busy={cycle.busy} submitLabel={t('admin.users.resend_activation')} onSubmit={() => void run({}, () => api.post(`${ADMIN_API}/user/activation`, { user_id: user.user_id }), t('admin.users.activation_sent'))}>
          {alert}
          <p className="small">{t('admin.users.activation_hint')}</p>
          <Form.Label htmlFor="q-activation-link" className="fw-medium">{t('admin.users.activation_link')}</Form.Label>
          <Form.Control id="q-activation-link" readOnly value={link.data?.activation_url ?? ''} onFocus={(e) => e.currentTarget.select()} />
        </FormDialog>
      );
    case 'silence':
    case 'suspend':
      return <PenaltyDialog kind={action} user={user} onClose={onClose} onDone={onDone} />;
    case 'unsilence':
      return (
        <ConfirmDialog show variant="primary" title={t('penalties.lift_title_silence', { name })} message={t('penalties.lift_message')} confirmLabel={t('penalties.lift')} busy={cycle.busy} onCancel={onClose} onConfirm={() => void run({}, () => liftPenalty(user.user_id, 'silence'), t('penalties.lifted'))}>
          {alert}
        </ConfirmDialog>
      );
    case 'delete':
      return (
        <ConfirmDialog show title={t('admin.users.delete_title', { name })} message={t('admin.users.delete_message')} confirmLabel={t('admin.users.action_delete')} busy={cycle.busy} onCancel={onClose} onConfirm={() => void run({}, () => status({ status: 'deleted', remove_all_content: removeContent }), t('admin.users.deleted'))}>
          {alert}
          <Form.Check className="mt-3" id="q-remove-content" checked={removeContent} onChange={(e) => setRemoveContent(e.target.checked)} label={t('admin.users.remove_content')} />
        </ConfirmDialog>
      );
    case 'normal':
      return (
        <ConfirmDialog show variant="primary" title={t('admin.users.normal_title', { name })} message={t('admin.users.normal_message')} confirmLabel={t('admin.users.action_normal')} busy={cycle.busy} onCancel={onClose} onConfirm={() => void run({}, () => status({ status: 'normal' }), t('admin.users.restored'))}>
          {alert}
        </ConfirmDialog>
      );
  }
}

/**
 * One set of user dialogs for a page.
 * @returns `open(action, user)` and the element to render
 */
export function useUserActions(): { open: (action: UserAction, user: TargetUser) => void; dialogs: ReactNode } {
  const client = useQueryClient();
  const [current, setCurrent] = useState<{ action: UserAction; user: TargetUser } | null>(null);
  const close = () => setCurrent(null);
  const done = () => {
    setCurrent(null);
    void client.invalidateQueries({ queryKey: [ADMIN_KEY] });
  };
  return {
    open: (action, user) => setCurrent({ action, user }),
    dialogs: current ? <ActionDialog key={`${current.action}-${current.user.user_id}`} action={current.action} user={current.user} onClose={close} onDone={done} /> : null,
  };
}
