/**
 * Synonym management of a main tag (PUT /tag/synonym with the complete list; tag.synonym privilege).
 * New slugs are checked with the contract's tag rules before saving; removing existing synonyms asks first.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TagItem } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { schemaErrors, translateCheck } from '../../lib/formErrors';
import { invalidateTags, type TagRef } from './api';
import { ConfirmDialog } from './ConfirmDialog';

/** Editor of the synonyms of `tagId`; `onDone` closes it. */
export function SynonymsEditor({ tagId, mainSlug, current, onDone }: { tagId: string; mainSlug: string; current: TagRef[]; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [slugs, setSlugs] = useState<string[]>(() => current.map((s) => s.slug_name));
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const removed = current.filter((s) => !slugs.includes(s.slug_name));

  /** Adds what is typed; returns false (with a message under the field) when it is not a valid new slug. */
  const add = (): boolean => {
    const slug = input.trim().toLowerCase();
    if (!slug) return true;
    const issues = schemaErrors(TagItem, { slug_name: slug });
    if (issues.slug_name) {
      setError(translateCheck(t, issues.slug_name));
      return false;
    }
    if (slug === mainSlug) {
      setError(t('tag_pages.synonym_is_main'));
      return false;
    }
    if (!slugs.includes(slug)) setSlugs([...slugs, slug]);
    setInput('');
    setError(null);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !input && slugs.length) {
      setSlugs(slugs.slice(0, -1));
    }
  };

  const save = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await api.put('/answer/api/v1/tag/synonym', { tag_id: tagId, synonym_tag_list: slugs.map((slug_name) => ({ slug_name })) });
      await invalidateTags(client);
      toast(t('tag_pages.synonyms_saved'), 'success');
      onDone();
    } catch (err) {
      if (err instanceof ApiError && !err.handled) setError(err.fieldErrors[0]?.error_msg ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !add()) return;
    if (removed.length) setConfirming(true);
    else void save();
  };

  return (
    <Form noValidate onSubmit={submit} className="border rounded p-3 bg-body-tertiary">
      <Form.Label htmlFor="q-synonym-input" className="fw-medium">
        {t('tag_pages.synonyms_edit_label')}
      </Form.Label>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={t('tag_pages.synonyms_label')}>
        {slugs.map((s) => (
          <li key={s} className="q-synonym-chip badge rounded-pill text-bg-secondary fw-normal">
            {s}
            <CloseButton variant="white" className="ms-1" style={{ fontSize: '0.6rem' }} aria-label={t('tag_pages.synonym_remove', { tag: s })} onClick={() => setSlugs(slugs.filter((x) => x !== s))} />
          </li>
        ))}
        {slugs.length === 0 ? <li className="small text-body-secondary">{t('tag_pages.no_synonyms')}</li> : null}
      </ul>
      <Form.Control
        id="q-synonym-input"
        value={input}
        onChange={(e) => {
          setInput(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('tag_pages.synonym_placeholder')}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'q-synonym-error' : 'q-synonym-hint'}
        maxLength={35}
        autoComplete="off"
      />
      {error ? (
        <Form.Control.Feedback type="invalid" id="q-synonym-error">
          {error}
        </Form.Control.Feedback>
      ) : (
        <Form.Text id="q-synonym-hint">{t('tag_pages.synonym_hint', { tag: mainSlug })}</Form.Text>
      )}
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('tag_pages.synonyms_save')}
        </Button>
        <Button variant="outline-secondary" onClick={onDone} disabled={busy}>
          {t('tag_pages.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        show={confirming}
        title={t('tag_pages.synonyms_remove_title')}
        message={t('tag_pages.synonyms_remove_message', { tags: removed.map((s) => s.slug_name).join(', ') })}
        confirmLabel={t('tag_pages.synonyms_save')}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      />
    </Form>
  );
}
