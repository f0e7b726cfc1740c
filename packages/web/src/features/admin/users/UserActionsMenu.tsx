/** The actions dropdown of one user (list rows and the detail page). */
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { actionLabel, actionsFor, type TargetUser, type UserAction } from './UserDialogs';

/** Renders nothing for users with no action (deleted). */
export function UserActionsMenu({ user, onPick, align = 'end' }: { user: TargetUser; onPick: (a: UserAction, u: TargetUser) => void; align?: 'end' | 'start' }) {
  const { t } = useTranslation();
  const actions = actionsFor(user.status, user.silenced);
  if (!actions.length) return null;
  return (
    <Dropdown align={align}>
      <Dropdown.Toggle size="sm" variant="outline-secondary" id={`q-user-actions-${user.user_id}`}>
        {t('admin.users.actions')}
        <span className="visually-hidden"> {user.display_name || user.username}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {actions.map((a) => (
          <Dropdown.Item key={a} as="button" className={a === 'delete' || a === 'suspend' || a === 'silence' ? 'text-danger' : undefined} onClick={() => onPick(a, user)}>
            {actionLabel(t, a)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
