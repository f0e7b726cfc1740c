/**
 * "Merge into…" on a tag's info page (moderators and admins; POST /tag/merge `{source_tag_id, target_tag_id}`,
 * Answer 1.5's call; server rules in modules/tag/tag.merge.service.ts). Loaded when first opened (MergeAction).
 * Two steps in one dialog: pick the target with the ask page's tag autocomplete and read what moves (questions,
 * followers, synonyms, the description; the merged tag becomes a synonym of the target), then confirm. A target
 * that is the tag itself, a synonym or no tag is refused under the picker at once; the server's refusals (the same
 * rules, and any change since) are shown there too, with the choice kept.
 * On success: every tag call is refetched, a toast says so and the browser goes to the target's page.
 */
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import TagInput, { type ChosenTag } from '../ask/TagInput';
import { invalidateTags, TAG_INFO, tagInfoKey, tagPath, type TagDetail } from './api';

/** What POST /tag/merge answers (counts of what moved). */
interface MergeResult {
  merge_id: string;
  question_count: number;
  follower_count: number;
  synonym_count: number;
}

export interface MergeDialogProps {
  show: boolean;
  /** The tag being merged away (a main tag, available). */
  source: TagDetail;
  /** How many synonyms the source has (they move with it). */
  synonymCount: number;
  onHide: () => void;
}

/** The target as chosen: GET /tag by slug, without the not-found page (a missing tag is said in the dialog). */
function useTarget(slug: string) {
  return useQuery({
    queryKey: [tagInfoKey({ name: slug })],
    queryFn: () => api.get<TagDetail>(TAG_INFO, { name: slug }, { passingError: true }),
    enabled: !!slug,
    retry: false,
  });
}

/** The list of what a merge of `source` into `target` moves. */
function Summary({ source, target, synonymCount }: { source: TagDetail; target: TagDetail; synonymCount: number }) {
  const { t } = useTranslation();
  const from = source.slug_name;
  const to = target.slug_name;
  const text = target.parsed_text ? t('tag_merge.summary_text_kept', { from, to }) : source.parsed_text ? t('tag_merge.summary_text_taken', { from, to }) : '';
  return (
    <div className="mt-3" data-testid="merge-summary">
      <p className="fw-medium mb-1">{t('tag_merge.summary_title')}</p>
      <ul className="small mb-2">
        <li>{t('tag_merge.summary_questions', { count: source.question_count, to })}</li>
        <li>{t('tag_merge.summary_followers', { count: source.follow_count, to })}</li>
        <li>{t('tag_merge.summary_synonyms', { count: synonymCount, to })}</li>
        <li>{t('tag_merge.summary_synonym', { from, to })}</li>
        {text ? <li>{text}</li> : null}
      </ul>
      <p className="small text-body-secondary mb-0">{t('tag_merge.summary_undo', { to })}</p>
    </div>
  );
}

/** The merge dialog (see the module comment). */
export function MergeDialog({ show, source, synonymCount, onHide }: MergeDialogProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const labelId = useId();
  const errorId = useId();
  const [chosen, setChosen] = useState<ChosenTag[]>([]);
  const [step, setStep] = useState<'pick' | 'confirm'>('pick');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const slug = chosen[0]?.slug_name ?? '';
  const target = useTarget(slug);
  const found = target.data && target.data.status === 'available' ? target.data : undefined;
  const missing = !!slug && (target.isError || (target.data && target.data.status !== 'available'));
  // Refused before asking the server (it refuses the same: tag.merge.service.ts); its answer covers the rest.
  const refusal = missing
    ? t('tag_merge.target_missing', { tag: slug })
    : found?.tag_id === source.tag_id
      ? t('tag_merge.into_itself')
      : found?.main_tag_slug_name
        ? t('tag_merge.into_synonym', { tag: found.slug_name, main: found.main_tag_slug_name })
        : '';
  const shownError = error || refusal;
  const mergeable = !!found && !shownError;

  const close = () => {
    if (busy) return;
    setStep('pick');
    onHide();
  };

  const merge = async () => {
    if (!found) return;
    setBusy(true);
    try {
      await api.post<MergeResult>('/answer/api/v1/tag/merge', { source_tag_id: source.tag_id, target_tag_id: found.tag_id }, { passingError: true });
      await invalidateTags(client);
      toast(t('tag_merge.done', { from: source.slug_name, to: found.slug_name }), 'success');
      setBusy(false);
      onHide();
      void navigate(tagPath(found.slug_name));
    } catch (err) {
      setBusy(false);
      setStep('pick');
      setError(err instanceof ApiError ? (err.fieldErrors[0]?.error_msg ?? err.message) : t('tag_merge.failed'));
    }
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${labelId}-title`} data-testid="merge-dialog">
      <Modal.Header closeButton={!busy} closeLabel={t('common.close')}>
        <Modal.Title id={`${labelId}-title`} as="h2" className="h5 text-break">
          {step === 'pick' ? t('tag_merge.title', { tag: source.slug_name }) : t('tag_merge.confirm_title', { from: source.slug_name, to: found?.slug_name ?? slug })}
        </Modal.Title>
      </Modal.Header>
      {step === 'pick' ? (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (mergeable) setStep('confirm');
          }}
        >
          <Modal.Body>
            <p className="small text-body-secondary">{t('tag_merge.intro', { tag: source.slug_name })}</p>
            <Form.Label id={labelId} htmlFor={`${labelId}-input`} className="fw-medium">
              {t('tag_merge.target_label')}
            </Form.Label>
            <TagInput
              id={`${labelId}-input`}
              labelId={labelId}
              max={1}
              value={chosen}
              onChange={(tags) => {
                setChosen(tags);
                setError('');
              }}
              describedBy={shownError ? errorId : undefined}
              invalid={!!shownError}
            />
            {shownError ? (
              <div id={errorId} className="invalid-feedback d-block" role="alert">
                {shownError}
              </div>
            ) : null}
            {slug && target.isPending ? (
              <p className="small text-body-secondary mt-2 mb-0" aria-live="polite">
                {t('common.loading')}
              </p>
            ) : null}
            {found && mergeable ? <Summary source={source} target={found} synonymCount={synonymCount} /> : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              {t('tag_pages.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={!mergeable}>
              {t('tag_merge.continue')}
            </Button>
          </Modal.Footer>
        </Form>
      ) : (
        <>
          <Modal.Body>
            <Alert variant="warning" className="mb-0">
              {t('tag_merge.confirm_message', { from: source.slug_name, to: found?.slug_name ?? slug })}
            </Alert>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setStep('pick')} disabled={busy} autoFocus>
              {t('tag_merge.back')}
            </Button>
            <Button variant="danger" onClick={() => void merge()} disabled={busy}>
              {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
              {t('tag_merge.confirm')}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
