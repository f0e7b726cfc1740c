import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { LIMITS, MailStatus, PostStatus } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { useSiteInfo } from '../../lib/site';
import { toast } from '../../lib/toast';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { useLeaveGuard } from '../../lib/useLeaveGuard';
import EditorFallback from '../editor/EditorFallback';
import { ConfirmModal } from '../post-actions/ConfirmModal';
import '../post-actions/strings';
import { clearAnswerDraft, loadAnswerDraft, useAnswerDraftAutosave } from './answerDraft';
import { withStrings } from '../../lib/i18n';
import { SilencedNotice } from '../penalty/SilencedNotice';
import { WikiCheckbox } from '../wiki/WikiCheckbox';
import { AnswerLoginPrompt } from './AnswerLoginPrompt';

const MarkdownEditor = lazy(withStrings(() => import('../editor/MarkdownEditor')));

/**
 * 'Your answer' (spec §2, §5): the markdown editor (image upload, live preview), a 6-character minimum checked
 * before sending, the error under the editor, and the text kept when sending fails. The draft is saved locally
 * 3 s after typing stops and restored on return; discarding it asks first; leaving with unsaved text asks too.
 * Anonymous visitors get a link to log in instead; a closed question shows no form.
 * @param onPosted called with the created answer (POST /answer response)
 */
export function AnswerForm({ question, onPosted }: { question: QuestionInfo; onPosted: (answer: AnswerInfo) => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const { user, isLoading } = useCurrentUser();
  const [content, setContent] = useState(() => loadAnswerDraft(question.id));
  const [restored, setRestored] = useState(() => !!content);
  const [discarding, setDiscarding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [wiki, setWiki] = useState(false);
  const posted = useRef(false);
  const active = !!user && user.mail_status !== MailStatus.inactive;
  useAnswerDraftAutosave(question.id, content, active && !posted.current);
  useLeaveGuard(active && !!content.trim(), t('ask.leave_confirm'));

  if (isLoading) return null;
  // A closed question takes no answers (the server refuses them; the page's notice says so): no form to type into.
  if (question.status === PostStatus.closed) return null;
  if (!user) return <AnswerLoginPrompt />;
  if (user.mail_status === MailStatus.inactive) {
    return (
      <Alert variant="warning" className="mt-4">
        {t('answer_form.inactive')} <Link to="/users/login?status=inactive">{t('answer_form.inactive_link')}</Link>
      </Alert>
    );
  }
  if (user.silenced) return <SilencedNotice className="mt-4" />;
  if (question.answered && site.site_write?.restrict_answer !== false) {
    return (
      <Alert variant="info" className="mt-4">
        {t('answer_form.already_answered')}
      </Alert>
    );
  }

  const change = (v: string) => {
    setContent(v);
    if (error) setError(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (content.trim().length < LIMITS.answerMin) {
      setError(t('answer_form.too_short', { min: LIMITS.answerMin }));
      document.getElementById('q-answer-content')?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const { info: answer } = await api.post<{ info: AnswerInfo }>('/answer/api/v1/answer', { question_id: question.id, content, ...(wiki ? { wiki } : {}) });
      posted.current = true;
      clearAnswerDraft(question.id);
      setContent('');
      setWiki(false);
      setRestored(false);
      toast(t('answer_form.posted'), 'success');
      onPosted(answer);
      posted.current = false;
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setError(err.fieldError('content') ?? err.fieldErrors[0]!.error_msg);
      else if (err instanceof ApiError && !err.handled) setError(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  const editorProps = {
    id: 'q-answer-content',
    labelId: 'q-answer-label',
    value: content,
    onChange: change,
    invalid: !!error,
    describedBy: error ? 'q-answer-hint q-answer-error' : 'q-answer-hint',
    placeholder: t('answer_form.placeholder'),
    minHeight: 180,
  };
  return (
    <section className="mt-4" aria-labelledby="q-answer-heading">
      <h2 id="q-answer-heading" className="h5 mb-3">
        {t('answer_form.title')}
      </h2>
      {restored ? (
        <Alert variant="info" className="d-flex align-items-center gap-2 py-2">
          <span className="me-auto">{t('qa.draft.restored')}</span>
          <Button size="sm" variant="outline-secondary" onClick={() => setDiscarding(true)}>
            {t('qa.draft.discard')}
          </Button>
        </Alert>
      ) : null}
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <span id="q-answer-label" className="visually-hidden">
          {t('answer_form.label')}
        </span>
        <Suspense fallback={<EditorFallback {...editorProps} />}>
          <MarkdownEditor {...editorProps} />
        </Suspense>
        {error ? (
          <div id="q-answer-error" className="invalid-feedback d-block">
            {error}
          </div>
        ) : null}
        <Form.Text id="q-answer-hint" muted>
          {t('answer_form.hint', { min: LIMITS.answerMin })}
        </Form.Text>
        <WikiCheckbox id="q-answer-wiki" checked={wiki} onChange={setWiki} />
        <div>
          <Button type="submit" variant="primary" className="mt-3" disabled={submitting}>
            {submitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('answer_form.submit')}
          </Button>
        </div>
      </Form>
      <ConfirmModal
        show={discarding}
        title={t('qa.draft.discard_title')}
        body={t('qa.draft.discard_body')}
        confirmLabel={t('qa.draft.discard')}
        variant="danger"
        onConfirm={async () => {
          clearAnswerDraft(question.id);
          setContent('');
          setRestored(false);
        }}
        onHide={() => setDiscarding(false)}
      />
    </section>
  );
}
