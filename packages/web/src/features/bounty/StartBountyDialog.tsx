/**
 * The "Start a bounty" dialog: the amount (the site's amounts), an optional reason, and what it costs and how it
 * ends under the site's bounty settings (days it runs, hours of grace, the automatic award's least score, as
 * GET /question/bounty answers them). A refusal is shown in the dialog and nothing typed is lost; on success the
 * question's info and bounty are read again.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOUNTY_REASON_MAX } from '@quorum/contract';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { QuestionInfo } from '../../lib/types';
import { questionInfoKey } from '../questions/hooks';
import { bountyKey, startBounty, type BountyState } from './api';

/** The dialog. `rules`: the reader's bounty state (GET /question/bounty): the amounts and rules of the site. */
export function StartBountyDialog({ show, question, rules, onHide }: { show: boolean; question: QuestionInfo; rules: BountyState; onHide: () => void }) {
  const { t } = useTranslation();
  const { amounts } = rules;
  const qc = useQueryClient();
  const [amount, setAmount] = useState(amounts[0] ?? 50);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await startBounty(question.id, amount, reason.trim());
      toast(t('bounty.started', { amount }), 'success');
      await Promise.all([qc.invalidateQueries({ queryKey: bountyKey(question.id) }), qc.invalidateQueries({ queryKey: [questionInfoKey(question.id)] })]);
      onHide();
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors[0]?.error_msg ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={show} onHide={onHide} centered>
      <Form onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('bounty.start')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary" data-testid="bounty-explain">
            {t('bounty.explain', { count: rules.duration_days, score: rules.auto_award_min_score })}
            {rules.grace_hours > 0 ? ` ${t('bounty.explain_grace', { count: rules.grace_hours })}` : ''}
          </p>
          {error ? (
            <Alert variant="danger" className="py-2" role="alert">
              {error}
            </Alert>
          ) : null}
          <Form.Group className="mb-3" controlId="bounty-amount">
            <Form.Label>{t('bounty.amount')}</Form.Label>
            <Form.Select value={amount} onChange={(e) => setAmount(Number(e.target.value))}>
              {amounts.map((a) => (
                <option key={a} value={a}>
                  {t('bounty.amount_option', { amount: a })}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="bounty-reason">
            <Form.Label>{t('bounty.reason')}</Form.Label>
            <Form.Control as="textarea" rows={3} maxLength={BOUNTY_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('bounty.reason_placeholder')} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="link" onClick={onHide}>
            {t('bounty.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('bounty.submit', { amount })}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
