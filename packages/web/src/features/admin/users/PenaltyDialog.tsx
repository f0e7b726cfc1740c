/**
 * The silence and suspend dialog of the admin user pages (issue #34 item 3): a length (1 day, 1 week, 1 month, until
 * a chosen date, forever), preset to the length suggested for the member (it grows with each earlier penalty:
 * PENALTY_ESCALATION), and a reason, which the member is shown and sent by e-mail. Client checks first (the
 * contract's schema), server field errors on their fields, nothing typed lost.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PENALTY_DURATIONS, PENALTY_REASON_MAX, PenaltyImposeReq, type PenaltyKind } from '@quorum/contract';
import { schemaErrors, translateChecks } from '../../../lib/formErrors';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/useFormSubmit';
import TextField from '../../auth/TextField';
import { ADMIN_KEY } from '../api';
import { fetchPenalties, imposePenalty, penaltiesKey } from './penaltyApi';
import type { TargetUser } from './UserDialogs';

/** `datetime-local` value (local time) of unix seconds. */
function localInput(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The dialog; `onDone` after the penalty is recorded. */
export function PenaltyDialog({ kind, user, onClose, onDone }: { kind: PenaltyKind; user: TargetUser; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const cycle = useFormSubmit(t('admin.form.save_failed'));
  const history = useQuery({ queryKey: penaltiesKey(ADMIN_KEY, user.user_id), queryFn: () => fetchPenalties(user.user_id) });
  const suggested = history.data?.next_duration ?? '1d';
  const [duration, setDuration] = useState<string | null>(null);
  const [until, setUntil] = useState(() => localInput(Math.floor(Date.now() / 1000) + 86_400));
  const [reason, setReason] = useState('');
  const chosen = duration ?? suggested;
  const name = user.display_name || user.username;

  const submit = () => {
    const body = { user_id: user.user_id, kind, duration: chosen, reason, ...(chosen === 'date' ? { until: Math.floor(new Date(until).getTime() / 1000) || 0 } : {}) };
    void cycle.submit(translateChecks(t, schemaErrors(PenaltyImposeReq, body)), async () => {
      await imposePenalty(body);
      toast(t(`penalties.done_${kind}`), 'success');
      onDone();
    });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="q-penalty-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton closeLabel={t('admin.common.cancel')}>
          <Modal.Title id="q-penalty-title" as="h2" className="h5">
            {t(`penalties.title_${kind}`, { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {cycle.alert && <div className="alert alert-danger py-2">{cycle.alert}</div>}
          <p className="small text-body-secondary">{t(`penalties.explain_${kind}`)}</p>
          <fieldset className="mb-3" aria-describedby="q-penalty-suggested">
            <legend className="form-label fw-medium fs-6 mb-1">{t('penalties.length')}</legend>
            <div className="d-flex flex-wrap column-gap-3">
              {PENALTY_DURATIONS.map((d) => (
                <Form.Check key={d} type="radio" id={`q-penalty-${d}`} name="duration" checked={chosen === d} onChange={() => setDuration(d)} label={t(`penalties.length_${d}`)} />
              ))}
            </div>
            <div id="q-penalty-suggested" className="form-text">
              {history.data ? t('penalties.suggested', { length: t(`penalties.length_${suggested}`, { defaultValue: suggested }) }) : '\u00a0'}
            </div>
            {cycle.errors.duration && <div className="invalid-feedback d-block">{cycle.errors.duration}</div>}
          </fieldset>
          {chosen === 'date' && (
            <Form.Group className="mb-3" controlId="q-penalty-until">
              <Form.Label className="fw-medium">{t('penalties.ends_on')}</Form.Label>
              <Form.Control
                type="datetime-local"
                value={until}
                min={localInput(Math.floor(Date.now() / 1000))}
                onChange={(e) => {
                  setUntil(e.target.value);
                  cycle.clearError('until');
                }}
                isInvalid={!!cycle.errors.until}
                aria-describedby={cycle.errors.until ? 'q-penalty-until-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="q-penalty-until-error">{cycle.errors.until}</Form.Control.Feedback>
            </Form.Group>
          )}
          <TextField
            name="reason"
            label={t('penalties.reason')}
            value={reason}
            rows={3}
            maxLength={PENALTY_REASON_MAX}
            hint={t('penalties.reason_hint')}
            aside={<span className="small text-body-secondary">{reason.length}/{PENALTY_REASON_MAX}</span>}
            onChange={(v) => {
              setReason(v);
              cycle.clearError('reason');
            }}
            error={cycle.errors.reason}
            required
            autoFocus
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={cycle.busy}>
            {cycle.busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t(`penalties.submit_${kind}`)}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
