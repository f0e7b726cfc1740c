/**
 * Dialogs of the flag tasks: suspend a flagged user for a chosen time (the admin console's durations), and
 * edit a flagged post in place (title and body; the question keeps its tags), which resolves the flag.
 * The dialogs close once their action has run; the queue panel reports the outcome.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import type { FlaggedPostItem, ReportReviewExtra } from './api';

/** Suspension lengths offered (values of `suspend_duration`). */
export const SUSPEND_DURATIONS = ['24h', '48h', '72h', '7d', '14d', '30d', '90d', 'forever'] as const;

function DialogFrame({ title, submitLabel, variant, busy, onSubmit, onHide, children }: {
  title: string;
  submitLabel: string;
  variant: string;
  busy: boolean;
  onSubmit: () => void;
  onHide: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal show onHide={busy ? () => undefined : onHide} centered aria-labelledby="q-review-dialog-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!busy} closeLabel={t('common.close')}>
          <Modal.Title id="q-review-dialog-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
            {t('flag.cancel')}
          </Button>
          <Button type="submit" variant={variant} disabled={busy}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Suspend with a duration. */
export function SuspendDialog({ onSuspend, onHide }: { onSuspend: (duration: string) => Promise<void>; onHide: () => void }) {
  const { t } = useTranslation();
  const [duration, setDuration] = useState<string>('24h');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    await onSuspend(duration);
    setBusy(false);
    onHide();
  };
  return (
    <DialogFrame title={t('review.suspend.title')} submitLabel={t('review.suspend.submit')} variant="warning" busy={busy} onSubmit={() => void submit()} onHide={onHide}>
      <Form.Label htmlFor="q-review-suspend" className="fw-medium">
        {t('review.suspend.duration')}
      </Form.Label>
      <Form.Select id="q-review-suspend" value={duration} onChange={(e) => setDuration(e.target.value)} autoFocus>
        {SUSPEND_DURATIONS.map((d) => (
          <option key={d} value={d}>
            {t(`review.suspend.durations.${d}`)}
          </option>
        ))}
      </Form.Select>
    </DialogFrame>
  );
}

/** Edit the flagged post's title (questions) and body. */
export function EditPostDialog({ item, onSave, onHide }: { item: FlaggedPostItem; onSave: (patch: ReportReviewExtra) => Promise<void>; onHide: () => void }) {
  const { t } = useTranslation();
  const isQuestion = item.object_type === 'question';
  const [title, setTitle] = useState(item.title);
  const [content, setContent] = useState(item.original_text);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const next: typeof errors = {};
    if (isQuestion && !title.trim()) next.title = t('flag.check.empty');
    if (!content.trim()) next.content = t('flag.check.empty');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    await onSave(isQuestion ? { title: title.trim(), content, tags: item.tags.map((x) => ({ slug_name: x.slug_name })) } : { content });
    setBusy(false);
    onHide();
  };
  return (
    <DialogFrame title={t('review.edit.title')} submitLabel={t('review.edit.submit')} variant="primary" busy={busy} onSubmit={() => void submit()} onHide={onHide}>
      {isQuestion ? (
        <Form.Group controlId="q-review-edit-title" className="mb-3">
          <Form.Label className="fw-medium">{t('review.edit.title_label')}</Form.Label>
          <Form.Control value={title} maxLength={LIMITS.questionTitleMax} onChange={(e) => setTitle(e.target.value)} isInvalid={!!errors.title} autoFocus />
          <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
        </Form.Group>
      ) : null}
      <Form.Group controlId="q-review-edit-content">
        <Form.Label className="fw-medium">{t('review.edit.content_label')}</Form.Label>
        <Form.Control as="textarea" rows={10} className="font-monospace small" value={content} onChange={(e) => setContent(e.target.value)} isInvalid={!!errors.content} autoFocus={!isQuestion} />
        <Form.Control.Feedback type="invalid">{errors.content}</Form.Control.Feedback>
      </Form.Group>
    </DialogFrame>
  );
}
