/**
 * /staging/:qid: a question in the staging ground (issue #35 item 6), for its asker, the reviewers and moderators
 * (everyone else gets the not-found page, as the server answers 404). It shows the question as it is now, its
 * state, and the feedback in order (reviewers' comments and requests for changes, the asker's replies and edits,
 * the decision). The asker replies and edits the question (the ordinary edit page); a reviewer comments, asks for
 * changes (the text says which), approves it (it is published) or sends it to the review queue, with the same
 * text box as an optional note. A refused action keeps what was typed and says why on the box or above it.
 */
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { questionPath, STAGING_COMMENT_MAX, type StagingFeedback } from '@quorum/contract';
import { Link } from '../../components/Link';
import { PageSpinner } from '../../components/PageSpinner';
import { ApiError } from '../../lib/api';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../errors/NotFoundPage';
import { PersonLine, PostBody } from '../review/parts';
import { REVIEW_KEY } from '../review/api';
import { STAGING_KEY, stagingAct, useStagedQuestion, type StagingAction } from './api';
import { StagingStateBadge } from './StagingStateBadge';
import './staging.css';

function FeedbackItem({ f }: { f: StagingFeedback }) {
  const { t } = useTranslation();
  return (
    <li className={`q-staging-feedback q-staging-feedback-${f.kind} border rounded p-2`} data-kind={f.kind}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <Badge bg="secondary-subtle" text="secondary-emphasis" className="border">
          {t(`staging.kind.${f.kind}`)}
        </Badge>
        <PersonLine label={f.by_asker ? t('staging.by_asker') : t('staging.by_reviewer')} user={f.user} at={f.created_at} />
      </div>
      {f.content ? <p className="mb-0 text-break q-staging-text">{f.content}</p> : null}
    </li>
  );
}

/** The page (see the file header). */
export default function StagingPage() {
  const { t } = useTranslation();
  const { qid = '' } = useParams();
  const qc = useQueryClient();
  const style = permalinkStyle(useSiteInfo());
  const { data, isPending, isError, refetch } = useStagedQuestion(qid);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<StagingAction | null>(null);
  const [fieldError, setFieldError] = useState('');
  const [alert, setAlert] = useState('');
  const [done, setDone] = useState('');
  usePageTitle(data ? t('staging.page_title', { title: data.question.title }) : t('staging.title'));

  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <div className="container py-3">
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="flex-grow-1">{t('staging.load_failed')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void refetch()}>
            {t('staging.retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  if (!data) return <NotFoundPage />;
  const q = data.question;
  const published = data.state === 'published';
  const href = questionPath(q.id, q.title, style, undefined, q.url_title);

  const run = async (action: StagingAction) => {
    setFieldError('');
    setAlert('');
    setDone('');
    setBusy(action);
    try {
      const next = await stagingAct(action, q.id, text);
      qc.setQueryData([STAGING_KEY, 'question', q.id], next);
      void qc.invalidateQueries({ queryKey: [REVIEW_KEY] });
      setText('');
      setDone(t(`staging.done.${action}`));
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setFieldError(err.fieldError('content') ?? err.fieldErrors[0]!.error_msg);
      else setAlert(err instanceof Error ? err.message : String(err));
      if (err instanceof ApiError && err.status === 409) void refetch();
    } finally {
      setBusy(null);
    }
  };
  const button = (action: StagingAction, variant: string, label: ReactNode) => (
    <Button type="button" variant={variant} disabled={!!busy} onClick={() => void run(action)} data-action={action}>
      {busy === action ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
      {label}
    </Button>
  );

  return (
    <div className="container py-3 q-staging">
      <p className="text-body-secondary small mb-1">{data.can_review ? <Link to="/review?type=staging">{t('staging.title')}</Link> : t('staging.title')}</p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 text-break flex-grow-1">{q.title}</h1>
        <StagingStateBadge state={data.state} />
      </div>
      <div className="d-flex flex-column gap-1 mb-3">
        <PersonLine label={t('staging.asked_by')} user={q.author} at={data.asked_at} />
        {published ? (
          <div className="small text-body-secondary" data-testid="staging-published">
            {t('staging.published_at', { when: new Date(data.published_at * 1000).toLocaleString() })} · <Link to={href}>{t('staging.view_published')}</Link>
          </div>
        ) : null}
      </div>
      <p className="text-body-secondary">{data.is_asker ? t(`staging.explain_asker.${data.state}`) : t(`staging.explain_reviewer.${data.state}`)}</p>
      {data.can_edit ? (
        <div className="mb-3">
          <Link to={`/posts/${q.id}/edit`} className="btn btn-outline-primary btn-sm">
            {t('staging.edit')}
          </Link>
        </div>
      ) : null}

      <section className="card mb-3" aria-label={t('staging.question')}>
        <div className="card-body">
          <PostBody post={{ kind: 'question', html: q.html, tags: q.tags }} />
        </div>
      </section>

      <section aria-labelledby="q-staging-feedback-title" className="mb-3">
        <h2 id="q-staging-feedback-title" className="h5">
          {t('staging.feedback')}
        </h2>
        {data.feedback.length ? (
          <ol className="list-unstyled d-flex flex-column gap-2 mb-0">
            {data.feedback.map((f) => (
              <FeedbackItem key={f.id} f={f} />
            ))}
          </ol>
        ) : (
          <p className="text-body-secondary mb-0" data-testid="staging-no-feedback">
            {data.is_asker ? t('staging.no_feedback_asker') : t('staging.no_feedback')}
          </p>
        )}
      </section>

      <div role="status" aria-live="polite">
        {done ? (
          <Alert variant="success" className="py-2">
            {done}
          </Alert>
        ) : null}
      </div>
      {alert ? (
        <Alert variant="danger" className="py-2" role="alert">
          {alert}
        </Alert>
      ) : null}

      {data.can_comment ? (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run('comment');
          }}
          aria-busy={!!busy || undefined}
        >
          <Form.Group controlId="q-staging-text" className="mb-2">
            <Form.Label>{data.can_review ? t('staging.text_reviewer') : t('staging.text_asker')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={text}
              maxLength={STAGING_COMMENT_MAX + 100}
              isInvalid={!!fieldError}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'q-staging-text-error q-staging-text-hint' : 'q-staging-text-hint'}
              onChange={(e) => {
                setText(e.target.value);
                if (fieldError) setFieldError('');
              }}
            />
            <Form.Control.Feedback type="invalid" id="q-staging-text-error">
              {fieldError}
            </Form.Control.Feedback>
            <Form.Text id="q-staging-text-hint" muted>
              {data.can_review ? t('staging.text_hint_reviewer', { max: STAGING_COMMENT_MAX }) : t('staging.text_hint_asker', { max: STAGING_COMMENT_MAX })}
            </Form.Text>
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            {button('comment', 'outline-primary', data.is_asker ? t('staging.reply') : t('staging.comment'))}
            {data.can_review ? (
              <>
                {button('changes', 'warning', t('staging.request_changes'))}
                {button('approve', 'success', t('staging.approve'))}
                {button('queue', 'outline-secondary', t('staging.send_to_queue'))}
              </>
            ) : null}
          </div>
        </Form>
      ) : null}
    </div>
  );
}
