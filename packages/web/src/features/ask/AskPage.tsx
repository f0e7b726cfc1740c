/**
 * /questions/ask: a new question (spec §2; activated users only). Title with counter, markdown body with
 * live preview (the editor is lazy-loaded so CodeMirror stays out of the reading pages), and up to 5 tags; the
 * fewest tags and body characters are the site's write settings (questionChecks.ts), marked optional at 0.
 * A local draft survives reloads and login detours; leaving with unsaved changes asks first.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { LIMITS, questionPath } from '@quorum/contract';
import { PageSpinner } from '../../components/PageSpinner';
import { ApiError, api } from '../../lib/api';
import { isActivated, rememberReturnTarget, useCurrentUser } from '../../lib/auth';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { useHydrated } from '../../lib/store';
import { usePageTitle } from '../../lib/usePageTitle';
import { dropError, errorMessage, serverFieldErrors, type FieldErrors } from '../../lib/formErrors';
import { bodyOptional, questionFormErrors, tagsOptional } from './questionChecks';
import TextField from '../auth/TextField';
import EditorFallback from '../editor/EditorFallback';
import TagInput, { MAX_TAGS, type ChosenTag } from './TagInput';
import SimilarQuestions from './SimilarQuestions';
import { clearDraft, loadDraft, useDraftAutosave } from './useDraft';
import { useLeaveGuard } from '../../lib/useLeaveGuard';
import { withStrings } from '../../lib/i18n';
import { WikiCheckbox } from '../wiki/WikiCheckbox';
import { SilencedNotice } from '../penalty/SilencedNotice';

const MarkdownEditor = lazy(withStrings(() => import('../editor/MarkdownEditor')));

/** Server and schema error fields on tags ('tags', 'tags.0.slug_name') all show under the tag input. */
const toFormField = (field: string) => (field.startsWith('tags') ? 'tags' : field);

/** The ask-a-question page. */
export default function AskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  const site = useSiteInfo();
  usePageTitle(t('ask.title'));

  const [initial] = useState(() => loadDraft());
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [tags, setTags] = useState<ChosenTag[]>(initial?.tags ?? []);
  const [restored, setRestored] = useState(!!initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wiki, setWiki] = useState(false);
  const posted = useRef(false);

  const dirty = !posted.current && !!(title.trim() || content.trim() || tags.length);
  useLeaveGuard(dirty, t('ask.leave_confirm'));
  useDraftAutosave({ title, content, tags }, hydrated && !posted.current);

  // Guard (spec §6): anonymous -> login (coming back here afterwards); not activated -> the inactive page.
  const allowed = !!user && isActivated(user);
  useEffect(() => {
    if (!hydrated || isLoading) return;
    if (!user) {
      rememberReturnTarget('/questions/ask');
      navigate('/users/login', { replace: true });
    } else if (!isActivated(user)) {
      navigate('/users/login?status=inactive', { replace: true });
    }
  }, [hydrated, isLoading, user, navigate]);

  /** Updates a field and drops its error, so a fixed field stops showing the old message. */
  const edit = <T,>(setter: (v: T) => void, field: string) => (v: T) => {
    setter(v);
    setErrors((e) => dropError(e, field));
  };

  const discardDraft = () => {
    if (!window.confirm(t('ask.draft.discard_confirm'))) return;
    clearDraft();
    setTitle('');
    setContent('');
    setTags([]);
    setErrors({});
    setRestored(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { title: title.trim(), content, tags };
    const translated = questionFormErrors(t, site.site_write, body, toFormField);
    setErrors(translated);
    setAlert(null);
    if (Object.keys(translated).length) {
      focusFirstError(translated);
      return;
    }
    setBusy(true);
    try {
      const question = await api.post<{ id: string; title: string; url_title?: string }>('/answer/api/v1/question', { ...body, ...(wiki ? { wiki } : {}) });
      posted.current = true;
      clearDraft();
      navigate(questionPath(String(question.id), question.title || body.title, permalinkStyle(site), undefined, question.url_title));
    } catch (err) {
      const fields = serverFieldErrors(err, toFormField);
      if (fields) {
        setErrors(fields);
        focusFirstError(fields);
      } else if (!(err instanceof ApiError && err.handled)) {
        setAlert(errorMessage(err, t('ask.errors.unknown')));
      }
    } finally {
      setBusy(false);
    }
  };

  if (!allowed) return <PageSpinner />;

  const bodyError = errors.content;
  const tagsError = errors.tags;
  const titleLeft = LIMITS.questionTitleMax - title.length;
  return (
    <div className="container">
      <div className="row g-4">
        <div className="col-lg-8">
          <h1 className="h3 mb-3">{t('ask.heading')}</h1>
          <SilencedNotice />
          {restored && (
            <Alert variant="info" className="d-flex align-items-center gap-2 py-2">
              <span className="me-auto">{t('ask.draft.restored')}</span>
              <Button size="sm" variant="outline-secondary" onClick={discardDraft}>
                {t('ask.draft.discard')}
              </Button>
            </Alert>
          )}
          <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
            {alert && (
              <Alert variant="danger" role="alert">
                {alert}
              </Alert>
            )}
            <TextField
              name="title"
              label={t('ask.fields.title')}
              value={title}
              onChange={edit(setTitle, 'title')}
              error={errors.title}
              hint={t('ask.hints.title')}
              placeholder={t('ask.placeholders.title')}
              autoFocus
              required
              aside={
                <small className={titleLeft < 0 ? 'text-danger fw-semibold' : 'text-body-secondary'} aria-live="polite">
                  {t('ask.counter', { count: title.length, max: LIMITS.questionTitleMax })}
                </small>
              }
            />
            <SimilarQuestions title={title} />
            <Form.Group className="mb-3">
              <Form.Label id="ask-body-label" htmlFor="ask-body" className="fw-medium" onClick={() => document.getElementById('ask-body')?.focus()}>
                {t('ask.fields.body')}
                {bodyOptional(site.site_write) && <span className="text-body-secondary fw-normal"> {t('ask.fields.optional')}</span>}
              </Form.Label>
              <Form.Text id="ask-body-hint" className="d-block mt-0 mb-2">
                {t('ask.hints.body')}
              </Form.Text>
              <Suspense
                fallback={
                  <EditorFallback id="ask-body" labelId="ask-body-label" value={content} onChange={setContent} invalid={!!bodyError} />
                }
              >
                <MarkdownEditor
                  id="ask-body"
                  labelId="ask-body-label"
                  describedBy={bodyError ? 'ask-body-hint ask-body-error' : 'ask-body-hint'}
                  value={content}
                  onChange={edit(setContent, 'content')}
                  invalid={!!bodyError}
                  placeholder={t('ask.placeholders.body')}
                />
              </Suspense>
              {bodyError && (
                <div id="ask-body-error" className="invalid-feedback d-block">
                  {bodyError}
                </div>
              )}
            </Form.Group>
            <Form.Group className="mb-4">
              <Form.Label id="ask-tags-label" htmlFor="ask-tags" className="fw-medium">
                {t('ask.fields.tags')}
                {tagsOptional(site.site_write) && <span className="text-body-secondary fw-normal"> {t('ask.fields.optional')}</span>}
              </Form.Label>
              <Form.Text id="ask-tags-hint" className="d-block mt-0 mb-2">
                {t('ask.hints.tags', { max: MAX_TAGS })}
              </Form.Text>
              <TagInput
                id="ask-tags"
                labelId="ask-tags-label"
                describedBy={tagsError ? 'ask-tags-hint ask-tags-error' : 'ask-tags-hint'}
                value={tags}
                onChange={edit(setTags, 'tags')}
                invalid={!!tagsError}
              />
              {tagsError && (
                <div id="ask-tags-error" className="invalid-feedback d-block">
                  {tagsError}
                </div>
              )}
            </Form.Group>
            <WikiCheckbox id="ask-wiki" checked={wiki} onChange={setWiki} />
            <Button type="submit" variant="primary" size="lg" className="px-4 mt-3" disabled={busy}>
              {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {t('ask.submit')}
            </Button>
          </Form>
        </div>
        <aside className="col-lg-4" aria-labelledby="ask-tips-title">
          <Card className="border-0 bg-body-tertiary">
            <Card.Body>
              <h2 id="ask-tips-title" className="h6 fw-semibold">
                {t('ask.tips.title')}
              </h2>
              <ul className="small text-body-secondary ps-3 mb-0">
                <li>{t('ask.tips.summarize')}</li>
                <li>{t('ask.tips.details')}</li>
                <li>{t('ask.tips.code')}</li>
                <li>{t('ask.tips.tags')}</li>
              </ul>
            </Card.Body>
          </Card>
        </aside>
      </div>
    </div>
  );
}

/** Moves focus to the first field with an error, in form order. */
function focusFirstError(errors: FieldErrors): void {
  const order: [string, string][] = [
    ['title', 'input[name="title"]'],
    ['content', '#ask-body'],
    ['tags', '#ask-tags'],
  ];
  const first = order.find(([field]) => errors[field]);
  if (first) window.setTimeout(() => document.querySelector<HTMLElement>(first[1])?.focus());
}
