/**
 * A member's penalty history on the admin user page: each silence and suspension with who imposed it and when,
 * until when, the reason, and how it stopped (ended at its end, or lifted early: when and by whom). A penalty in
 * force has a Lift button (with a confirmation). A stacked list rather than a table, so it reads at 375 px.
 */
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PenaltyKind } from '@quorum/contract';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/useFormSubmit';
import { ADMIN_KEY } from '../api';
import { ConfirmDialog } from '../ConfirmDialog';
import { fetchPenalties, liftPenalty, penaltiesKey, type PenaltyEntry } from './penaltyApi';

const STATE_BG: Record<PenaltyEntry['state'], string> = { active: 'danger', ended: 'secondary', lifted: 'success' };

/** The history of `userId` (`name` for the confirmation). */
export function PenaltyHistory({ userId, name }: { userId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const history = useQuery({ queryKey: penaltiesKey(ADMIN_KEY, userId), queryFn: () => fetchPenalties(userId) });
  const [lifting, setLifting] = useState<PenaltyKind | null>(null);
  const cycle = useFormSubmit(t('admin.form.save_failed'));
  const time = (s: number) => formatDateTime(s, i18n.language);
  const who = (p: { display_name: string; username: string } | null) => p?.display_name || p?.username || '—';
  const list = history.data?.list ?? [];

  return (
    <section aria-labelledby="q-penalty-history" className="mt-4">
      <h3 id="q-penalty-history" className="h6">{t('penalties.history')}</h3>
      {history.isPending ? null : list.length === 0 ? (
        <p className="small text-body-secondary">{t('penalties.history_empty')}</p>
      ) : (
        <ul className="list-group q-penalty-history">
          {list.map((p) => (
            <li key={p.id} className="list-group-item">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="fw-medium">{t(`penalties.kind_${p.kind}`)}</span>
                <Badge bg={STATE_BG[p.state]}>{t(`penalties.state_${p.state}`)}</Badge>
                <span className="small text-body-secondary">{p.ends_at ? t('penalties.until', { time: time(p.ends_at) }) : t('penalties.no_end')}</span>
                {p.state === 'active' && (
                  <Button size="sm" variant="outline-secondary" className="ms-auto" onClick={() => setLifting(p.kind)}>
                    {t('penalties.lift')}
                  </Button>
                )}
              </div>
              {p.reason && <p className="mb-1 mt-1 text-break">{p.reason}</p>}
              <div className="small text-body-secondary">
                {t('penalties.imposed', { time: time(p.created_at), name: who(p.created_by) })}
                {p.state === 'lifted' && <> · {t('penalties.lifted_at', { time: time(p.lifted_at), name: who(p.lifted_by) })}</>}
                {p.state === 'ended' && <> · {t('penalties.ended_at', { time: time(p.ended_at) })}</>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {lifting && (
        <ConfirmDialog
          show
          variant="primary"
          title={t(`penalties.lift_title_${lifting}`, { name })}
          message={t('penalties.lift_message')}
          confirmLabel={t('penalties.lift')}
          busy={cycle.busy}
          onCancel={() => setLifting(null)}
          onConfirm={() =>
            void cycle.submit({}, async () => {
              await liftPenalty(userId, lifting);
              toast(t('penalties.lifted'), 'success');
              setLifting(null);
              await client.invalidateQueries({ queryKey: [ADMIN_KEY] });
            })
          }
        >
          {cycle.alert && <div className="alert alert-danger py-2 mt-2">{cycle.alert}</div>}
        </ConfirmDialog>
      )}
    </section>
  );
}
