import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, COMMENT_MIN } from '@quorum/contract';
import { ApiError } from '../../lib/api';

/** `@name` mentions of a comment text (sent as `mention_username_list`). */
export function mentionsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/(?:^|\s)@([a-z0-9._-]{1,30})/gi)].map((m) => m[1]!.toLowerCase()))].slice(0, 20);
}

/**
 * The comment text box, for a new comment, a reply or an edit. Checks 2-600 characters before sending; the
 * server's field error shows under the box; the text stays when sending fails.
 * @param onSubmit sends the text; rejects with the API error on failure
 */
export function CommentForm({ id, initial = '', submitLabel, onSubmit, onCancel }: { id: string; initial?: string; submitLabel: string; onSubmit: (text: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const len = text.trim().length;
    if (len < COMMENT_MIN || len > COMMENT_MAX) return setError(t('qa.comment.length', { min: COMMENT_MIN, max: COMMENT_MAX }));
    setError(null);
    setBusy(true);
    try {
      await onSubmit(text.trim());
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setError(err.fieldError('original_text') ?? err.fieldErrors[0]!.error_msg);
      else if (err instanceof ApiError && !err.handled) setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form noValidate onSubmit={(e) => void submit(e)} className="mt-2">
      <Form.Group controlId={id}>
        <Form.Label visuallyHidden>{t('qa.comment.label')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          size="sm"
          value={text}
          autoFocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onCancel();
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e);
          }}
          isInvalid={!!error}
          placeholder={t('qa.comment.placeholder')}
          aria-describedby={`${id}-hint`}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        <Form.Text id={`${id}-hint`} muted className="d-flex justify-content-between">
          <span>{t('qa.comment.hint')}</span>
          <span>{t('qa.comment.counter', { count: text.trim().length, max: COMMENT_MAX })}</span>
        </Form.Text>
      </Form.Group>
      <div className="d-flex gap-2 mt-1">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {t('qa.cancel')}
        </Button>
      </div>
    </Form>
  );
}
