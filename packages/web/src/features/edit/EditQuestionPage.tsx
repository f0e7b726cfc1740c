/** /posts/:qid/edit: edit a question's title, body and tags with an edit summary (PUT /question). */
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
import type { QuestionInfo } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import TagInput, { MAX_TAGS, type ChosenTag } from '../ask/TagInput';
import { useLeaveGuard } from '../../lib/useLeaveGuard';
import { dropError, errorMessage, serverFieldErrors, translateCheck, type FieldErrors } from '../../lib/formErrors';
import { bodyOptional, questionFormErrors, tagsOptional } from '../ask/questionChecks';
import TextField from '../auth/TextField';
import EditorFallback from '../editor/EditorFallback';
import '../post-actions/strings';
import { afterSave } from './afterSave';
import { EditFrame } from './EditFrame';
import { useEditTarget } from './useEditTarget';
import { withStrings } from '../../lib/i18n';

const MarkdownEditor = lazy(withStrings(() => import('../editor/MarkdownEditor')));
const toFormField = (field: string) => (field.startsWith('tags') ? 'tags' : field);

/** The page: edit check, then the form. */
export default function EditQuestionPage() {
  const { t } = useTranslation();
  const { qid = '' } = useParams();
  usePageTitle(t('qa.edit.question_title'));
  const target = useEditTarget(qid, () => api.get<QuestionInfo>('/answer/api/v1/question/info', { id: qid }, { passingError: true }));
  return <EditFrame target={target}>{(q) => <QuestionEditForm q={q} />}</EditFrame>;
}

function QuestionEditForm({ q }: { q: QuestionInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const site = useSiteInfo();
  const initialTags = q.tags.map((tag) => ({ slug_name: tag.slug_name, display_name: tag.display_name }));
  const [title, setTitle] = useState(q.title);
  const [content, setContent] = useState(q.content);
  const [tags, setTags] = useState<ChosenTag[]>(initialTags);
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useRef(false);
  const back = questionPath(q.id, q.title, permalinkStyle(site), undefined, q.url_title);
  const dirty = !saved.current && (title !== q.title || content !== q.content || summary !== '' || JSON.stringify(tags) !== JSON.stringify(initialTags));
  useLeaveGuard(dirty, t('ask.leave_confirm'));

  const edit = <T,>(setter: (v: T) => void, field: string) => (v: T) => {
    setter(v);
    setErrors((e) => dropError(e, field));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { id: q.id, title: title.trim(), content, tags, edit_summary: summary.trim() };
    const translated = questionFormErrors(t, site.site_write, body, toFormField);
    if (summary.trim().length > 300) translated.edit_summary = translateCheck(t, 'error.revision.summary_too_long');
    setErrors(translated);
    setAlert(null);
    if (Object.keys(translated).length) return;
    setBusy(true);
    try {
      const r = await api.put<{ wait_for_review?: boolean; title?: string; url_title?: string }>('/answer/api/v1/question', body);
      saved.current = true;
      afterSave(qc, q.id, !!r?.wait_for_review);
      void navigate(questionPath(q.id, r?.wait_for_review ? q.title : body.title, permalinkStyle(site), undefined, r?.url_title || (r?.wait_for_review ? q.url_title : undefined)));
    } catch (err) {
      const fields = serverFieldErrors(err, toFormField);
      if (fields) setErrors(fields);
      else if (!(err instanceof ApiError && err.handled)) setAlert(errorMessage(err, t('qa.edit.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container">
      <h1 className="h3 mb-3">{t('qa.edit.question_title')}</h1>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined} className="col-lg-9">
        {alert ? <div className="alert alert-danger" role="alert">{alert}</div> : null}
        <TextField
          name="title"
          label={t('ask.fields.title')}
          value={title}
          onChange={edit(setTitle, 'title')}
          error={errors.title}
          required
          aside={<small className="text-body-secondary">{t('ask.counter', { count: title.length, max: LIMITS.questionTitleMax })}</small>}
        />
        <Form.Group className="mb-3">
          <Form.Label id="edit-body-label" htmlFor="edit-body" className="fw-medium">
            {t('ask.fields.body')}
            {bodyOptional(site.site_write) && <span className="text-body-secondary fw-normal"> {t('ask.fields.optional')}</span>}
          </Form.Label>
          <Suspense fallback={<EditorFallback id="edit-body" labelId="edit-body-label" value={content} onChange={setContent} invalid={!!errors.content} />}>
            <MarkdownEditor id="edit-body" labelId="edit-body-label" describedBy={errors.content ? 'edit-body-error' : undefined} value={content} onChange={edit(setContent, 'content')} invalid={!!errors.content} />
          </Suspense>
          {errors.content ? <div id="edit-body-error" className="invalid-feedback d-block">{errors.content}</div> : null}
        </Form.Group>
        <Form.Group className="mb-3">
          <Form.Label id="edit-tags-label" htmlFor="edit-tags" className="fw-medium">
            {t('ask.fields.tags')}
            {tagsOptional(site.site_write) && <span className="text-body-secondary fw-normal"> {t('ask.fields.optional')}</span>}
          </Form.Label>
          <Form.Text id="edit-tags-hint" className="d-block mt-0 mb-2">
            {t('ask.hints.tags', { max: MAX_TAGS })}
          </Form.Text>
          <TagInput id="edit-tags" labelId="edit-tags-label" describedBy={errors.tags ? 'edit-tags-hint edit-tags-error' : 'edit-tags-hint'} value={tags} onChange={edit(setTags, 'tags')} invalid={!!errors.tags} />
          {errors.tags ? <div id="edit-tags-error" className="invalid-feedback d-block">{errors.tags}</div> : null}
        </Form.Group>
        <TextField name="edit_summary" label={t('qa.edit.summary')} value={summary} onChange={edit(setSummary, 'edit_summary')} error={errors.edit_summary} hint={t('qa.edit.summary_hint')} placeholder={t('qa.edit.summary_placeholder')} />
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
