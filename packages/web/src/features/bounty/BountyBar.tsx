/**
 * The question page's bounty for the reader (after hydration): the open bounty ("+150 bounty · ends in 6 days",
 * the offerer and their reason), and "Start a bounty" for members who may offer one (the dialog loads when first
 * opened). Nothing when there is no bounty and the reader may not start one.
 */
import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/auth';
import type { QuestionInfo } from '../../lib/types';
import { timeLeft, useBountyState } from './api';

const StartBountyDialog = lazy(() => import('./StartBountyDialog').then((m) => ({ default: m.StartBountyDialog })));

/** The bar (see the file header). */
export function BountyBar({ question }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const field = (question as QuestionInfo & { bounty?: { amount: number; ends_at: number } }).bounty;
  const state = useBountyState(question.id, !!user || !!field);
  const [open, setOpen] = useState(false);
  const b = state.data?.bounty;
  const shown = b ?? (field ? { amount: field.amount, ends_at: field.ends_at, reason: '', user: null } : null);
  if (!shown && !state.data?.can_start) return null;
  const left = shown ? timeLeft(shown.ends_at) : null;
  return (
    <div className="q-bounty d-flex flex-wrap align-items-center gap-2 small mt-2" data-testid="bounty-bar">
      {shown && left ? (
        <div className="border border-primary-subtle bg-primary-subtle text-primary-emphasis rounded px-2 py-1">
          <span className="fw-semibold">{t('bounty.open', { amount: shown.amount })}</span>{' '}
          <span>{shown.ends_at > Date.now() / 1000 ? t(`bounty.ends_in_${left.unit}`, { count: left.count }) : t('bounty.in_grace')}</span>
          {b?.user ? <span className="text-body-secondary"> · {t('bounty.offered_by', { name: b.user.display_name })}</span> : null}
          {b?.reason ? <div className="text-body">{b.reason}</div> : null}
        </div>
      ) : null}
      {state.data?.can_start ? (
        <Button size="sm" variant="outline-primary" onClick={() => setOpen(true)}>
          {t('bounty.start')}
        </Button>
      ) : null}
      {open && state.data ? (
        <Suspense fallback={null}>
          <StartBountyDialog show={open} question={question} rules={state.data} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
