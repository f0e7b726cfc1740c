/**
 * /admin/backups: take a backup now, list the backups with size and time, download one, restore one (the site
 * name typed as confirmation), and the daily backup with how many are kept.
 */
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PageSpinner } from '../../../components/PageSpinner';
import { ConfirmDialog } from '../ConfirmDialog';
import { backupApi, type BackupOverview, type BackupRow } from './api';

const KEY = ['admin', 'backups'];

/** Bytes as KB / MB / GB with one decimal. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 ? n : n.toFixed(1)} ${units[i]}`;
}

function ScheduleForm({ schedule }: { schedule: BackupOverview['schedule'] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [daily, setDaily] = useState(schedule.daily);
  const [keep, setKeep] = useState(String(schedule.keep));
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await backupApi.saveSchedule({ daily, keep: Math.min(365, Math.max(1, Number(keep) || 1)) });
    setSaved(true);
    await qc.invalidateQueries({ queryKey: KEY });
  };
  return (
    <Form onSubmit={(e) => void submit(e)} className="card card-body mb-4">
      <h3 className="h6">{t('backup.schedule.title')}</h3>
      <Form.Check id="q-backup-daily" type="switch" label={t('backup.schedule.daily')} checked={daily} onChange={(e) => { setDaily(e.target.checked); setSaved(false); }} />
      <Form.Group className="mt-2" controlId="q-backup-keep" style={{ maxWidth: '12rem' }}>
        <Form.Label>{t('backup.schedule.keep')}</Form.Label>
        <Form.Control type="number" min={1} max={365} value={keep} onChange={(e) => { setKeep(e.target.value); setSaved(false); }} />
      </Form.Group>
      <Form.Text>{t('backup.schedule.hint')}</Form.Text>
      <div className="mt-3 d-flex align-items-center gap-3">
        <Button type="submit">{t('backup.schedule.save')}</Button>
        {saved && <span role="status" className="text-success">{t('backup.schedule.saved')}</span>}
      </div>
    </Form>
  );
}

/** The backups page. */
export default function BackupsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('admin.nav.backups'));
  const qc = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: KEY, queryFn: backupApi.overview, refetchInterval: (q) => (q.state.data?.running ? 2000 : false) });
  const [restoring, setRestoring] = useState<BackupRow | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState<{ rows: number; files: number } | null>(null);
  const start = async () => {
    await backupApi.start();
    await qc.invalidateQueries({ queryKey: KEY });
  };
  const restore = async () => {
    if (!restoring) return;
    setBusy(true);
    try {
      setRestored(await backupApi.restore(restoring.name, typed));
      setRestoring(null);
      setTyped('');
      await qc.invalidateQueries();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-3">{t('admin.nav.backups')}</h2>
      <p className="text-body-secondary">{t('backup.intro')}</p>
      {restored && <Alert variant="success" onClose={() => setRestored(null)} dismissible>{t('backup.restored', { rows: restored.rows, files: restored.files })}</Alert>}
      {data?.last_error && <Alert variant="danger">{t('backup.failed', { error: data.last_error })}</Alert>}
      <div className="mb-4 d-flex align-items-center gap-3">
        <Button onClick={() => void start()} disabled={!!data?.running}>{t('backup.start')}</Button>
        {data?.running && <span role="status" className="text-body-secondary">{t('backup.running', { name: data.running })}</span>}
      </div>
      {isLoading || !data ? (
        <PageSpinner />
      ) : (
        <>
          {!data.backups.length ? (
            <div className="card mb-4"><div className="card-body text-body-secondary">{t('backup.none')}</div></div>
          ) : (
            <div className="table-responsive mb-4">
              <table className="table align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('backup.file')}</th>
                    <th scope="col">{t('backup.time')}</th>
                    <th scope="col">{t('backup.size')}</th>
                    <th scope="col">{t('backup.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.backups.map((b) => (
                    <tr key={b.name} data-backup={b.name}>
                      <td>
                        <code className="small">{b.name}</code>
                        {b.scheduled && <span className="badge text-bg-secondary ms-2">{t('backup.scheduled')}</span>}
                      </td>
                      <td>{formatDateTime(b.created_at, i18n.language)}</td>
                      <td>{formatSize(b.size)}</td>
                      <td className="d-flex gap-2">
                        <a className="btn btn-outline-secondary btn-sm" href={backupApi.downloadUrl(b.name)} download>{t('backup.download')}</a>
                        <Button variant="outline-danger" size="sm" onClick={() => { setTyped(''); setRestoring(b); }}>{t('backup.restore')}</Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ScheduleForm schedule={data.schedule} />
        </>
      )}
      <ConfirmDialog
        show={!!restoring}
        title={t('backup.restore_title')}
        message={t('backup.restore_message', { name: restoring?.name ?? '' })}
        confirmLabel={t('backup.restore')}
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => setRestoring(null)}
      >
        <Form.Group className="mt-3" controlId="q-backup-confirm">
          <Form.Label>{t('backup.type_site_name')}</Form.Label>
          <Form.Control value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
        </Form.Group>
      </ConfirmDialog>
    </section>
  );
}
