/**
 * Confirmation of "Undo merge" on a tag timeline's 'merged' row (moderators and admins; POST /tag/merge/undo
 * `{merge_id}`, the row's activity_id; server: modules/tag/tag.merge.service.ts undoMerge). Loaded when first
 * opened (TimelinePage). Cancel has focus first; a refusal (already undone) is shown in the dialog. On success the
 * timeline and every tag call are refetched and a toast says that the merged tag is a tag of its own again.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { invalidateTags } from '../tags/api';

export interface UndoMergeDialogProps {
  show: boolean;
  /** The activity_id of the 'merged' row (the merge's id). */
  mergeId: string;
  /** Slug of the tag that was merged away (the row's reason). */
  source: string;
  /** Slug of the tag it was merged into (the timeline's tag). */
  target: string;
  onHide: () => void;
}

/** The undo confirmation (see the module comment). */
export function UndoMergeDialog({ show, mergeId, source, target, onHide }: UndoMergeDialogProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const close = () => {
    if (busy) return;
    setError('');
    onHide();
  };

  const undo = async () => {
    setBusy(true);
    setError('');
    try {
      await api.post('/answer/api/v1/tag/merge/undo', { merge_id: mergeId }, { passingError: true });
      await Promise.all([
        invalidateTags(client),
        client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/answer/api/v1/activity/timeline') }),
      ]);
      toast(t('tag_merge.undone', { from: source, to: target }), 'success');
      setBusy(false);
      onHide();
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? (err.fieldErrors[0]?.error_msg ?? err.message) : t('tag_merge.failed'));
    }
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="q-undo-merge-title" data-testid="undo-merge-dialog">
      <Modal.Header closeButton={!busy} closeLabel={t('common.close')}>
        <Modal.Title id="q-undo-merge-title" as="h2" className="h5 text-break">
          {t('tag_merge.undo_title', { from: source, to: target })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('tag_merge.undo_message', { from: source, to: target })}</p>
        {error ? (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {error}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={busy} autoFocus>
          {t('tag_pages.cancel')}
        </Button>
        <Button variant="danger" onClick={() => void undo()} disabled={busy}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('tag_merge.undo')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
