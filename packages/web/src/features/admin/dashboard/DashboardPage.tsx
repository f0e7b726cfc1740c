/**
 * /admin (spec §2 dashboard; GET /admin/api/dashboard): the first-run checklist while anything is left to do,
 * counts, site health, new questions / answers / users per day over 30 days, and the recent admin actions.
 * This page is its own chunk: the chart library loads only here.
 */
import { Suspense, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/Link';
import { PageSpinner } from '../../../components/PageSpinner';
import { formatCount } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ADMIN_KEY, fetchDashboard, type DashboardInfo } from '../api';
import { AuditList } from './AuditList';
import DailyChart from './DailyChart';
import { StagingFigures } from '../../staging/lazy';

const COUNTS = ['question_count', 'answer_count', 'comment_count', 'vote_count', 'user_count', 'report_count', 'review_count'] as const;
const COUNT_LINKS: Partial<Record<(typeof COUNTS)[number], string>> = { question_count: '/admin/questions', answer_count: '/admin/answers', user_count: '/admin/users', report_count: '/review', review_count: '/review' };

/** '3 d 4 h', '5 h 2 min' or '2 min' from seconds. */
export function uptime(seconds: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return t('admin.dashboard.uptime_dh', { d, h });
  if (h) return t('admin.dashboard.uptime_hm', { h, m });
  return t('admin.dashboard.uptime_m', { m });
}

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`card h-100 ${className}`} aria-label={title}>
      <div className="card-body">
        <h3 className="h6 card-title mb-3">{title}</h3>
        {children}
      </div>
    </section>
  );
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <Badge bg={value ? 'success' : 'secondary'}>{value ? yes : no}</Badge>;
}

function Health({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation();
  const yes = t('admin.common.yes');
  const no = t('admin.common.no');
  const rows: [string, ReactNode][] = [
    [t('admin.dashboard.version'), `${info.version_info?.version ?? ''}${info.version_info?.revision ? ` (${info.version_info.revision.slice(0, 8)})` : ''}`],
    [t('admin.dashboard.database'), info.database_version || t(`admin.dashboard.db_${info.database_type}`, { defaultValue: info.database_type })],
    [t('admin.dashboard.database_size'), info.database_size],
    [t('admin.dashboard.uploads_size'), info.occupying_storage_space],
    [t('admin.dashboard.smtp'), <Link key="smtp" to="/admin/smtp"><YesNo value={info.smtp === 'enabled'} yes={t('admin.dashboard.configured')} no={t('admin.dashboard.not_configured')} /></Link>],
    [t('admin.dashboard.https'), <YesNo key="https" value={info.https} yes={yes} no={no} />],
    [t('admin.dashboard.login_required'), <YesNo key="lr" value={info.login_required} yes={yes} no={no} />],
    [t('admin.dashboard.time_zone'), info.time_zone],
    [t('admin.dashboard.uptime'), uptime(Number(info.app_start_time) || 0, t)],
    [t('admin.dashboard.outbox'), String(info.outbox_pending ?? 0)],
  ];
  return (
    <dl className="row mb-0 small q-admin-health">
      {rows.map(([k, v]) => (
        <div key={k} className="col-sm-6 d-flex justify-content-between gap-2 py-1 border-bottom">
          <dt className="fw-normal text-body-secondary">{k}</dt>
          <dd className="mb-0 text-end">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Checklist({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation();
  const open = (info.checklist ?? []).filter((c) => !c.done);
  if (!open.length) return null;
  return (
    <section className="alert alert-warning" aria-labelledby="q-checklist-title">
      <h3 id="q-checklist-title" className="h6">{t('admin.dashboard.checklist_title')}</h3>
      <ul className="mb-0">
        {open.map((c) => (
          <li key={c.key}>
            {t(`admin.dashboard.check_${c.key}`)} — <Link to={c.link} className="alert-link">{t(`admin.dashboard.fix_${c.key}`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dashboard. */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.nav.dashboard'));
  const { data: info } = useQuery({ queryKey: [ADMIN_KEY, 'dashboard'], queryFn: fetchDashboard, staleTime: 0 });
  if (!info) return <PageSpinner />;
  const days = info.days ?? [];
  return (
    <div className="q-admin-dashboard">
      <h2 className="h4 mb-3">{t('admin.nav.dashboard')}</h2>
      <Checklist info={info} />
      <div className="row row-cols-2 row-cols-md-4 row-cols-xl-7 g-2 mb-4">
        {COUNTS.map((k) => {
          const link = COUNT_LINKS[k];
          const body = (
            <>
              <div className="fs-4 fw-semibold">{formatCount(info[k] ?? 0)}</div>
              <div className="small text-body-secondary">{t(`admin.dashboard.${k}`)}</div>
            </>
          );
          return (
            <div key={k} className="col">
              <div className="card h-100 q-admin-count">
                <div className="card-body py-2 px-3">{link ? <Link to={link} className="text-reset text-decoration-none">{body}</Link> : body}</div>
              </div>
            </div>
          );
        })}
      </div>
      <div className="row g-3 mb-4">
        {(['questions', 'answers', 'users'] as const).map((m) => (
          <div key={m} className="col-lg-4">
            <div className="card h-100">
              <div className="card-body">
                <DailyChart days={days} metric={m} title={t(`admin.dashboard.chart_${m}`)} dateLabel={t('admin.dashboard.date')} />
              </div>
            </div>
          </div>
        ))}
      </div>
      <Suspense fallback={null}>
        <StagingFigures />
      </Suspense>
      <div className="row g-3">
        <div className="col-xl-6">
          <Card title={t('admin.dashboard.health')}>
            <Health info={info} />
          </Card>
        </div>
        <div className="col-xl-6">
          <Card title={t('admin.dashboard.recent_actions')}>
            <AuditList entries={info.recent_actions ?? []} />
          </Card>
        </div>
      </div>
    </div>
  );
}
