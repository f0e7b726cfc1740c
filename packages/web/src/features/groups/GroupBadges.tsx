/** Small badges of the group pages: the viewer's state in a group (member, group moderator, requested, invited). */
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { GroupInfo } from '@quorum/contract';

/** The viewer's state, or nothing when they are not in the group. */
export function MyStateBadge({ state, role }: { state: GroupInfo['my_state']; role: GroupInfo['my_role'] }) {
  const { t } = useTranslation();
  if (!state) return null;
  const key = state === 'active' ? (role === 'moderator' ? 'moderator' : 'member') : state;
  return <Badge bg={state === 'active' ? 'success' : 'info'} className="fw-normal">{t(`groups.state.${key}`)}</Badge>;
}
