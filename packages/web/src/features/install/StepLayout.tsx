/**
 * Frame of one installer step: heading, optional intro and alert, the step's fields and the
 * Back / Next buttons. The whole step is one form, so Enter submits it.
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';

/** Installer steps in order (spec §2 "Installer steps"). */
export const STEPS = ['language', 'engine', 'database', 'config', 'site', 'admin', 'done'] as const;
export type StepName = (typeof STEPS)[number];

/** Progress through the wizard: a bar plus the numbered list of steps (current one marked). */
export function StepIndicator({ current }: { current: StepName }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <nav aria-label={t('install.progress.label')} className="mb-4">
      <div className="d-flex justify-content-between small text-body-secondary mb-1">
        <span>{t('install.progress.step', { current: index + 1, total: STEPS.length })}</span>
        <span className="fw-medium text-body">{t(`install.steps.${current}`)}</span>
      </div>
      <ProgressBar now={((index + 1) / STEPS.length) * 100} style={{ height: 6 }} aria-hidden="true" />
      <ol className="list-unstyled d-none d-md-flex justify-content-between mt-2 mb-0 small">
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === current ? 'step' : undefined}
            className={i < index ? 'text-body-secondary' : i === index ? 'fw-semibold text-primary' : 'text-body-tertiary'}
          >
            <span className="visually-hidden">{i < index ? t('install.progress.completed') : ''}</span>
            {t(`install.steps.${s}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface StepLayoutProps {
  title: string;
  intro?: ReactNode;
  alert?: string | null;
  busy?: boolean;
  onSubmit: () => void;
  onBack?: () => void;
  submitLabel?: string;
  /** focus the Next button on arrival (steps without fields), so Enter goes on */
  focusSubmit?: boolean;
  children?: ReactNode;
}

/** One installer step as a form. */
export function StepLayout({ title, intro, alert, busy, onSubmit, onBack, submitLabel, focusSubmit, children }: StepLayoutProps) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <h2 className="h4 mb-2">{title}</h2>
      {intro && <div className="text-body-secondary mb-3">{intro}</div>}
      {alert && (
        <Alert variant="danger" role="alert" className="text-break" style={{ whiteSpace: 'pre-line' }}>
          {alert}
        </Alert>
      )}
      {children}
      <div className="d-flex gap-2 mt-4">
        {onBack && (
          <Button variant="outline-secondary" type="button" onClick={onBack} disabled={busy}>
            {t('install.actions.back')}
          </Button>
        )}
        <Button variant="primary" type="submit" className="ms-auto px-4" disabled={busy} autoFocus={focusSubmit}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel ?? t('install.actions.next')}
        </Button>
      </div>
    </Form>
  );
}
