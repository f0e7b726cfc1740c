/**
 * The admin dashboard's Staging Ground card (GET /admin/api/staging/stats): questions waiting for a reviewer or for
 * their asker's changes, published, sent to the review queue, removed; the share of decided questions that were
 * published; the median and average time from asking to publishing. Shown while the staging ground is on or has
 * held questions; a link to its settings.
 */
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { formatCount } from '../../lib/format';
import { useStagingStats } from './api';

/** '2 d 3 h', '4 h 5 min', '7 min' or '30 s' from seconds. */
export function duration(seconds: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return t('staging.stats.dh', { d, h });
  if (h) return t('staging.stats.hm', { h, m });
  if (m) return t('staging.stats.m', { m });
  return t('staging.stats.s', { s });
}

/** The card (see the file header). */
export function StagingFigures() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useStagingStats();
  const title = t('staging.stats.title');
  if (isPending) {
    return (
      <div className="mb-4" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> <span className="visually-hidden">{title}</span>
      </div>
    );
  }
  if (isError || !data) return <p className="text-body-secondary small mb-4">{t('staging.stats.load_failed')}</p>;
  const total = data.waiting + data.changes + data.published + data.queued + data.removed;
  if (!data.enabled && total === 0) return null;
  const figures: [string, string][] = [
    ['waiting', formatCount(data.waiting)],
    ['changes', formatCount(data.changes)],
    ['published', formatCount(data.published)],
    ['queued', formatCount(data.queued)],
    ['published_share', `${data.published_share} %`],
    ['median', data.published ? duration(data.median_publish_seconds, t) : '—'],
    ['average', data.published ? duration(data.average_publish_seconds, t) : '—'],
  ];
  return (
    <section className="card mb-4" aria-labelledby="q-staging-stats-title" data-testid="staging-stats">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h3 id="q-staging-stats-title" className="h6 card-title mb-0 flex-grow-1">
            {title}
          </h3>
          <span className={`badge ${data.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>{data.enabled ? t('staging.stats.on') : t('staging.stats.off')}</span>
          <Link to="/admin/staging" className="small">
            {t('staging.stats.settings')}
          </Link>
        </div>
        <dl className="row row-cols-2 row-cols-md-4 row-cols-xl-7 g-2 mb-0">
          {figures.map(([k, v]) => (
            <div key={k} className="col">
              <dt className="small fw-normal text-body-secondary">{t(`staging.stats.${k}`)}</dt>
              <dd className="fs-5 fw-semibold mb-0" data-figure={k}>
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
