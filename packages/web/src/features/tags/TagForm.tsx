/**
 * The tag form of /tags/create and /tags/{tagId}/edit (spec §3 tag payload, §5 tag rules): display name
 * (required, ≤ 35), slug (required, ≤ 35, allowed characters), description (markdown, lazy editor) and, when
 * editing, an edit summary. Checked with the contract's schemas first; server field errors show under their
 * fields; what was typed stays on errors, and leaving with changes asks first.
 */
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { LIMITS, TagAddReq, TagUpdateReq } from '@quorum/contract';
import { ApiError } from '../../lib/api';
import { useLeaveGuard } from '../../lib/useLeaveGuard';
import { dropError, errorMessage, schemaErrors, serverFieldErrors, translateChecks, type FieldErrors } from '../../lib/formErrors';
import TextField from '../auth/TextField';
import EditorFallback from '../editor/EditorFallback';
import { withStrings } from '../../lib/i18n';

const MarkdownEditor = lazy(withStrings(() => import('../editor/MarkdownEditor')));

/** Values of the form. */
export interface TagFormValues {
  display_name: string;
  slug_name: string;
  original_text: string;
  edit_summary: string;
}

/** A slug suggested from a display name: lower case, spaces as '-', other disallowed characters dropped. */
export function slugFrom(displayName: string): string {
  return displayName
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}+#.\-_]/gu, '')
    .slice(0, LIMITS.tagNameMax);
}

const FIELD_ORDER = ['display_name', 'slug_name', 'original_text', 'edit_summary'];
/** The reason of a refusal for reputation (the API client shows it as a toast; the form keeps it too). */
const RANK_REFUSAL = 'error.rank.fail_to_meet_the_condition';

/**
 * @param mode 'create' or 'edit' (adds the edit summary; the schema then is TagUpdateReq)
 * @param onSubmit sends the values; throws the API error on failure
 */
export function TagForm({ mode, initial, onSubmit, submitLabel }: { mode: 'create' | 'edit'; initial: TagFormValues; onSubmit: (v: TagFormValues) => Promise<void>; submitLabel: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [slugTouched, setSlugTouched] = useState(mode === 'edit');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useRef(false);
  const dirty = !saved.current && (Object.keys(values) as (keyof TagFormValues)[]).some((k) => values[k] !== initial[k]);
  useLeaveGuard(dirty, t('tag_form.leave_confirm'));

  const set = (field: keyof TagFormValues) => (v: string) => {
    setValues((prev) => {
      const next = { ...prev, [field]: v };
      if (field === 'display_name' && !slugTouched) next.slug_name = slugFrom(v);
      return next;
    });
    setErrors((e) => dropError(field === 'display_name' && !slugTouched ? dropError(e, 'slug_name') : e, field));
    if (field === 'slug_name') setSlugTouched(true);
  };

  const focusFirst = (errs: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (first) window.setTimeout(() => document.querySelector<HTMLElement>(first === 'original_text' ? '#tag-description' : `[name="${first}"]`)?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { ...values, tag_id: 'x' };
    const local = translateChecks(t, schemaErrors(mode === 'edit' ? TagUpdateReq : TagAddReq, body));
    setErrors(local);
    setAlert(null);
    if (Object.keys(local).length) {
      focusFirst(local);
      return;
    }
    setBusy(true);
    try {
      saved.current = true;
      await onSubmit({ ...values, display_name: values.display_name.trim(), slug_name: values.slug_name.trim() });
    } catch (err) {
      saved.current = false;
      const fields = serverFieldErrors(err);
      if (fields) {
        setErrors(fields);
        focusFirst(fields);
      } else if (!(err instanceof ApiError && err.handled) || (err.status === 403 && err.reason === RANK_REFUSAL)) {
        // A refusal for reputation (the privilege was lowered while typing) stays above the kept text, not only in a toast.
        setAlert(errorMessage(err, t('tag_form.failed')));
      }
    } finally {
      setBusy(false);
    }
  };

  const descError = errors.original_text;
  return (
    <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {alert ? (
        <Alert variant="danger" role="alert">
          {alert}
        </Alert>
      ) : null}
      <TextField
        name="display_name"
        label={t('tag_form.display_name')}
        value={values.display_name}
        onChange={set('display_name')}
        error={errors.display_name}
        hint={t('tag_form.display_name_hint', { max: LIMITS.tagNameMax })}
        required
        autoFocus={mode === 'create'}
        aside={<small className={values.display_name.length > LIMITS.tagNameMax ? 'text-danger fw-semibold' : 'text-body-secondary'}>{`${values.display_name.length}/${LIMITS.tagNameMax}`}</small>}
      />
      <TextField
        name="slug_name"
        label={t('tag_form.slug_name')}
        value={values.slug_name}
        onChange={set('slug_name')}
        error={errors.slug_name}
        hint={t('tag_form.slug_hint', { max: LIMITS.tagNameMax })}
        required
        aside={<small className={values.slug_name.length > LIMITS.tagNameMax ? 'text-danger fw-semibold' : 'text-body-secondary'}>{`${values.slug_name.length}/${LIMITS.tagNameMax}`}</small>}
      />
      <Form.Group className="mb-3">
        <Form.Label id="tag-description-label" htmlFor="tag-description" className="fw-medium" onClick={() => document.getElementById('tag-description')?.focus()}>
          {t('tag_form.description')} <span className="text-body-secondary fw-normal">{t('tag_form.optional')}</span>
        </Form.Label>
        <Form.Text id="tag-description-hint" className="d-block mt-0 mb-2">
          {t('tag_form.description_hint')}
        </Form.Text>
        <Suspense fallback={<EditorFallback id="tag-description" labelId="tag-description-label" value={values.original_text} onChange={set('original_text')} invalid={!!descError} />}>
          <MarkdownEditor
            id="tag-description"
            labelId="tag-description-label"
            describedBy={descError ? 'tag-description-hint tag-description-error' : 'tag-description-hint'}
            value={values.original_text}
            onChange={set('original_text')}
            invalid={!!descError}
            minHeight={200}
          />
        </Suspense>
        {descError ? (
          <div id="tag-description-error" className="invalid-feedback d-block">
            {descError}
          </div>
        ) : null}
      </Form.Group>
      {mode === 'edit' ? (
        <TextField name="edit_summary" label={t('tag_form.edit_summary')} value={values.edit_summary} onChange={set('edit_summary')} error={errors.edit_summary} hint={t('tag_form.edit_summary_hint')} maxLength={300} />
      ) : null}
      <Button type="submit" variant="primary" disabled={busy} className="px-4">
        {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </Form>
  );
}
