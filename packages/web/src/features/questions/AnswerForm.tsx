import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LIMITS, MailStatus } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { rememberReturnTarget, useCurrentUser } from '../../lib/auth';
import { useSiteInfo } from '../../lib/site';
import { toast } from '../../lib/toast';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';

/**
 * 'Your answer' (spec §2, §5): a textarea with a server-rendered preview (POST /post/render), a 6-character
 * minimum checked before sending, field errors under the textarea, and the text kept when sending fails.
 * Anonymous visitors get a link to log in instead.
 * @param onPosted called with the created answer (POST /answer response)
 */
export function AnswerForm({ question, onPosted }: { question: QuestionInfo; onPosted: (answer: AnswerInfo) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const site = useSiteInfo();
  const { user, isLoading } = useCurrentUser();
  const [content, setContent] = useState('');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ source: string; html: string } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (isLoading) return null;
  if (!user) {
    const here = location.pathname + location.search;
    return (
      <section className="mt-4" aria-labelledby="q-answer-heading">
        <h2 id="q-answer-heading" className="h5">
          {t('answer_form.title')}
        </h2>
        <p className="mb-0">
          <Link to="/users/login" onClick={() => rememberReturnTarget(`${here}#q-answer-heading`)}>
            {t('answer_form.login_to_answer')}
          </Link>
        </p>
      </section>
    );
  }
  if (user.mail_status === MailStatus.inactive) {
    return (
      <Alert variant="warning" className="mt-4">
        {t('answer_form.inactive')} <Link to="/users/login?status=inactive">{t('answer_form.inactive_link')}</Link>
      </Alert>
    );
  }
  if (question.answered && site.site_write?.restrict_answer !== false) {
    return (
      <Alert variant="info" className="mt-4">
        {t('answer_form.already_answered')}
      </Alert>
    );
  }

  const showPreview = async () => {
    setTab('preview');
    if (preview?.source === content) return;
    setPreviewing(true);
    try {
      const html = await api.post<string>('/answer/api/v1/post/render', { content }, { passingError: true });
      setPreview({ source: content, html: html ?? '' });
    } catch {
      setPreview({ source: content, html: '' });
      toast(t('answer_form.preview_failed'), 'danger');
    } finally {
      setPreviewing(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (content.trim().length < LIMITS.answerMin) {
      setError(t('answer_form.too_short', { min: LIMITS.answerMin }));
      setTab('write');
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const answer = await api.post<AnswerInfo>('/answer/api/v1/answer', { question_id: question.id, content });
      setContent('');
      setPreview(null);
      setTab('write');
      toast(t('answer_form.posted'), 'success');
      onPosted(answer);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setError(err.fieldError('content') ?? err.fieldErrors[0]!.error_msg);
      else if (err instanceof ApiError && !err.handled) setError(err.message);
      setTab('write');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="mt-4" aria-labelledby="q-answer-heading">
      <h2 id="q-answer-heading" className="h5 mb-3">
        {t('answer_form.title')}
      </h2>
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Nav variant="tabs" activeKey={tab} className="mb-0">
          <Nav.Item>
            <Nav.Link as="button" type="button" eventKey="write" onClick={() => setTab('write')}>
              {t('answer_form.write')}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link as="button" type="button" eventKey="preview" onClick={() => void showPreview()}>
              {t('answer_form.preview')}
            </Nav.Link>
          </Nav.Item>
        </Nav>
        <Form.Group controlId="q-answer-content" className={tab === 'write' ? '' : 'd-none'}>
          <Form.Label visuallyHidden>{t('answer_form.label')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={9}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            isInvalid={!!error}
            aria-describedby="q-answer-hint"
            className="rounded-top-0 font-monospace"
            placeholder={t('answer_form.placeholder')}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          <Form.Text id="q-answer-hint" muted>
            {t('answer_form.hint', { min: LIMITS.answerMin })}
          </Form.Text>
        </Form.Group>
        {tab === 'preview' ? (
          <div className="border border-top-0 rounded-bottom p-3 mb-2" style={{ minHeight: 200 }} aria-live="polite">
            {previewing ? (
              <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} />
            ) : preview?.html ? (
              <div className="q-post" dangerouslySetInnerHTML={{ __html: preview.html }} />
            ) : (
              <p className="text-body-secondary mb-0">{t('answer_form.preview_empty')}</p>
            )}
          </div>
        ) : null}
        <Button type="submit" variant="primary" className="mt-3" disabled={submitting}>
          {submitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('answer_form.submit')}
        </Button>
      </Form>
    </section>
  );
}
