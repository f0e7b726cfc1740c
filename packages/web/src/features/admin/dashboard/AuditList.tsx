/** Recorded admin actions (who, when, what changed), newest first. */
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/Link';
import { TimeAgo } from '../../../components/TimeAgo';
import type { AdminAuditEntry } from '../api';

const show = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** 'field: before → after' for settings changes, 'key: value' for other details; long values shortened. */
function summary(changes: Record<string, unknown>): string {
  return Object.entries(changes ?? {})
    .slice(0, 4)
    .map(([k, v]) => {
      const text = Array.isArray(v) && v.length === 2 ? `${show(v[0])} → ${show(v[1])}` : show(v);
      return `${k}: ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
    })
    .join('; ');
}

/** The list; an empty list says so. */
export function AuditList({ entries }: { entries: AdminAuditEntry[] }) {
  const { t } = useTranslation();
  if (!entries.length) return <p className="text-body-secondary small">{t('admin.dashboard.no_actions')}</p>;
  return (
    <ul className="list-unstyled mb-0 q-admin-audit">
      {entries.map((e) => (
        <li key={e.id} className="py-2 border-bottom small">
          <div className="d-flex flex-wrap gap-1 align-items-baseline">
            <Link to={`/admin/users/${e.operator.user_id}`} className="fw-medium">
              {e.operator.display_name || e.operator.username}
            </Link>
            <span>{t(`admin.audit.${e.action.replace('.', '_')}`, { defaultValue: e.action })}</span>
            {e.target_type === 'user' ? (
              <Link to={`/admin/users/${e.target_id}`}>{e.target_id}</Link>
            ) : e.target_type === 'settings' ? (
              <span className="text-body-secondary">{e.target_id}</span>
            ) : (
              <span className="text-body-secondary">{e.target_id}</span>
            )}
            <TimeAgo at={e.created_at} className="ms-auto text-body-secondary" />
          </div>
          {summary(e.changes) && <div className="text-body-secondary text-break">{summary(e.changes)}</div>}
        </li>
      ))}
    </ul>
  );
}
