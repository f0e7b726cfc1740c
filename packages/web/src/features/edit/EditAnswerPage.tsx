/** /posts/:qid/:aid/edit: edit an answer with an edit summary (PUT /answer). */
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/Link';
import { LIMITS, questionPath } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLeaveGuard } from '../../lib/useLeaveGuard';
import { errorMessage, serverFieldErrors, type FieldErrors } from '../../lib/formErrors';
import TextField from '../auth/TextField';
import EditorFallback from '../editor/EditorFallback';
import '../post-actions/strings';
import { afterSave } from './afterSave';
import { EditFrame } from './EditFrame';
import { useEditTarget } from './useEditTarget';
import { withStrings } from '../../lib/i18n';

const MarkdownEditor = lazy(withStrings(() => import('../editor/MarkdownEditor')));

/** The page: edit check, then the form. */
export default function EditAnswerPage() {
  const { t } = useTranslation();
  const { aid = '' } = useParams();
  usePageTitle(t('qa.edit.answer_title'));
  const target = useEditTarget(aid, () => api.get<{ info: AnswerInfo; question: QuestionInfo }>('/answer/api/v1/answer/info', { id: aid }, { passingError: true }));
  return <EditFrame target={target}>{(d) => <AnswerEditForm answer={d.info} question={d.question} />}</EditFrame>;
}

function AnswerEditForm({ answer, question }: { answer: AnswerInfo; question: QuestionInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const site = useSiteInfo();
  const [content, setContent] = useState(answer.content);
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useRef(false);
  const back = questionPath(question.id, question.title, permalinkStyle(site), answer.id, question.url_title);
  useLeaveGuard(!saved.current && (content !== answer.content || summary !== ''), t('ask.leave_confirm'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: FieldErrors = {};
    if (content.trim().length < LIMITS.answerMin) local.content = t('answer_form.too_short', { min: LIMITS.answerMin });
    if (summary.trim().length > 300) local.edit_summary = t('error.revision.summary_too_long');
    setErrors(local);
    setAlert(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const r = await api.put<{ wait_for_review?: boolean }>('/answer/api/v1/answer', { id: answer.id, question_id: question.id, content, edit_summary: summary.trim() });
      saved.current = true;
      afterSave(qc, question.id, !!r?.wait_for_review);
      void navigate(back);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) setErrors(fields);
      else if (!(err instanceof ApiError && err.handled)) setAlert(errorMessage(err, t('qa.edit.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container">
      <h1 className="h3 mb-1">{t('qa.edit.answer_title')}</h1>
      <p className="text-body-secondary mb-3">
        {t('qa.edit.answer_of')} <Link to={back}>{question.title}</Link>
      </p>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined} className="col-lg-9">
        {alert ? <div className="alert alert-danger" role="alert">{alert}</div> : null}
        <Form.Group className="mb-3">
          <Form.Label id="edit-answer-label" htmlFor="edit-answer" className="fw-medium">
            {t('qa.edit.answer_body')}
          </Form.Label>
          <Suspense fallback={<EditorFallback id="edit-answer" labelId="edit-answer-label" value={content} onChange={setContent} invalid={!!errors.content} />}>
            <MarkdownEditor id="edit-answer" labelId="edit-answer-label" describedBy={errors.content ? 'edit-answer-error' : undefined} value={content} onChange={setContent} invalid={!!errors.content} />
          </Suspense>
          {errors.content ? <div id="edit-answer-error" className="invalid-feedback d-block">{errors.content}</div> : null}
        </Form.Group>
        <TextField name="edit_summary" label={t('qa.edit.summary')} value={summary} onChange={setSummary} error={errors.edit_summary} hint={t('qa.edit.summary_hint')} placeholder={t('qa.edit.summary_placeholder')} />
        <div className="d-flex gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('qa.edit.submit')}
          </Button>
          <Link to={back} className="btn btn-outline-secondary">
            {t('qa.cancel')}
          </Link>
        </div>
      </Form>
    </div>
  );
}
