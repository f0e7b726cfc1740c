/**
 * /tags/{tagName}/info: the tag wiki (rendered description, history and edit links), its synonyms with
 * management for privileged users, and delete (only while no question uses it, after confirmation) or
 * undelete for moderators, and "Merge into…" for moderators (MergeDialog, loaded when first opened).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../components/Link';
import { PageSpinner } from '../../components/PageSpinner';
import { TimeAgo } from '../../components/TimeAgo';
import { api, ApiError } from '../../lib/api';
import { isStaff, useCurrentUser } from '../../lib/auth';
import { formatCount } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { invalidateTags, tagPath, useTagInfo, useTagSynonyms, type TagDetail } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { FollowButton } from './FollowButton';
import { SynonymsEditor } from './SynonymsEditor';
import './tags.css';
import { NotYetButton } from '../post-actions/NotYetButton';
import { refusal, usePermissions } from '../post-actions/usePermissions';

const MergeDialog = lazy(() => import('./MergeDialog').then((m) => ({ default: m.MergeDialog })));

/** "Merge into…" for moderators and admins on an available main tag; the dialog's code loads on the first click. */
function MergeAction({ tag, synonymCount }: { tag: TagDetail; synonymCount: number }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!isStaff(user) || tag.status !== 'available' || tag.main_tag_slug_name) return null;
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => {
          setOpened(true);
          setShow(true);
        }}
      >
        {t('tag_merge.open')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <MergeDialog show={show} source={tag} synonymCount={synonymCount} onHide={() => setShow(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Delete (unused tags only) and undelete, for moderators and admins. */
function ModeratorActions({ tag }: { tag: TagDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const canDelete = tag.member_actions.some((a) => a.action === 'delete');
  const canUndelete = tag.member_actions.some((a) => a.action === 'undelete');
  if (!canDelete && !canUndelete) return null;

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast(done, 'success');
      await invalidateTags(client);
    } catch (err) {
      if (err instanceof ApiError && !err.handled) toast(err.message, 'danger');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  if (canUndelete) {
    return (
      <Button variant="outline-success" size="sm" disabled={busy} onClick={() => void run(() => api.post('/answer/api/v1/tag/recover', { tag_id: tag.tag_id }), t('tag_pages.undeleted'))}>
        {t('tag_pages.undelete')}
      </Button>
    );
  }
  const used = tag.question_count > 0;
  return (
    <>
      <Button variant="outline-danger" size="sm" disabled={busy || used} aria-describedby={used ? 'q-tag-delete-hint' : undefined} onClick={() => setConfirming(true)}>
        {t('tag_pages.delete')}
      </Button>
      {used ? (
        <span id="q-tag-delete-hint" className="small text-body-secondary">
          {t('tag_pages.delete_used_hint')}
        </span>
      ) : null}
      <ConfirmDialog
        show={confirming}
        busy={busy}
        title={t('tag_pages.delete_title', { tag: tag.display_name })}
        message={t('tag_pages.delete_message')}
        confirmLabel={t('tag_pages.delete')}
        onConfirm={() => void run(() => api.delete('/answer/api/v1/tag', { tag_id: tag.tag_id }), t('tag_pages.deleted'))}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** The tag wiki page. */
export default function TagInfoPage() {
  const { t } = useTranslation();
  const { tagName = '' } = useParams();
  const { user } = useCurrentUser();
  const info = useTagInfo({ name: tagName });
  const tag = info.data;
  const synonyms = useTagSynonyms(tag && tag.status === 'available' ? tag.tag_id : undefined);
  const [editingSynonyms, setEditingSynonyms] = useState(false);
  const showSpinner = useDelayedFlag(info.isPending);
  usePageTitle(tag ? t('tag_pages.info_title', { tag: tag.display_name }) : undefined);

  const { refetch } = info;
  useEffect(() => {
    if (user) void refetch();
  }, [user?.id, refetch]);

  // Not earned yet: the edit and synonym actions are shown disabled with the reputation they need (GET /permission).
  const perms = usePermissions(['tag.edit', 'tag.synonym']);
  const editWhy = refusal(perms, 'tag.edit');
  const synonymWhy = refusal(perms, 'tag.synonym');

  if (info.isError) {
    return (
      <div className="container">
        <Alert variant="danger">{t('tag_pages.load_failed')}</Alert>
      </div>
    );
  }
  if (!tag) return showSpinner ? <PageSpinner /> : <div className="container" style={{ minHeight: 320 }} />;

  const name = tag.display_name || tag.slug_name;
  const canEdit = tag.member_actions.some((a) => a.action === 'edit');
  const canEditSynonyms = !tag.main_tag_slug_name && !!synonyms.data?.member_actions.some((a) => a.action === 'edit');
  return (
    <div className="container" style={{ maxWidth: 960 }}>
      <nav aria-label={t('tag_pages.breadcrumb')} className="small mb-2">
        <Link to="/tags">{t('tag_pages.list_title')}</Link>
        <span className="mx-2 text-body-secondary" aria-hidden="true">/</span>
        <Link to={tagPath(tag.slug_name)}>{name}</Link>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 text-break">{t('tag_pages.info_title', { tag: name })}</h1>
        {tag.status === 'deleted' ? <Badge bg="danger">{t('tag_pages.deleted_badge')}</Badge> : null}
        <div className="ms-auto">
          <FollowButton tagId={tag.tag_id} followed={tag.is_follower} tagName={name} />
        </div>
      </div>
      {tag.main_tag_slug_name ? (
        <Alert variant="info">
          {t('tag_pages.is_synonym_of')} <Link to={tagPath(tag.main_tag_slug_name)}>{tag.main_tag_slug_name}</Link>
        </Alert>
      ) : null}
      {tag.status === 'deleted' ? <Alert variant="warning">{t('tag_pages.deleted_notice')}</Alert> : null}
      <Card className="shadow-sm mb-3">
        <Card.Body>
          {tag.parsed_text ? <div className="q-post text-break" dangerouslySetInnerHTML={{ __html: tag.parsed_text }} /> : <p className="text-body-secondary fst-italic mb-0">{t('tag_pages.no_description')}</p>}
        </Card.Body>
        <Card.Footer className="d-flex flex-wrap align-items-center gap-3 small bg-transparent">
          <span className="text-body-secondary">{t('tag_pages.questions', { count: tag.question_count, formatted: formatCount(tag.question_count) })}</span>
          <span className="text-body-secondary">
            {t('tag_pages.updated')} <TimeAgo at={tag.updated_at || tag.created_at} />
          </span>
          {user ? <Link to={`/tags/${tag.tag_id}/timeline`}>{t('tag_pages.history', { count: tag.revision_count })}</Link> : null}
          {canEdit ? (
            <Link to={`/tags/${tag.tag_id}/edit`} className="btn btn-sm btn-outline-primary">
              {t('tag_pages.edit')}
            </Link>
          ) : editWhy && tag.status !== 'deleted' ? (
            <NotYetButton label={t('tag_pages.edit')} reason={editWhy} className="btn btn-sm btn-outline-primary" />
          ) : null}
          <span className="ms-auto d-flex flex-wrap align-items-center gap-2">
            <MergeAction tag={tag} synonymCount={synonyms.data?.synonyms.length ?? 0} />
            <ModeratorActions tag={tag} />
          </span>
        </Card.Footer>
      </Card>
      {!tag.main_tag_slug_name && tag.status === 'available' ? (
        <section aria-labelledby="q-synonyms-title" className="mb-4">
          <div className="d-flex align-items-center gap-2 mb-2">
            <h2 id="q-synonyms-title" className="h5 mb-0">
              {t('tag_pages.synonyms_title')}
            </h2>
            {canEditSynonyms && !editingSynonyms ? (
              <Button size="sm" variant="outline-secondary" onClick={() => setEditingSynonyms(true)}>
                {t('tag_pages.synonyms_edit')}
              </Button>
            ) : !canEditSynonyms && synonymWhy ? (
              <NotYetButton label={t('tag_pages.synonyms_edit')} reason={synonymWhy} />
            ) : null}
          </div>
          <p className="small text-body-secondary">{t('tag_pages.synonyms_intro', { tag: tag.slug_name })}</p>
          {editingSynonyms ? (
            <SynonymsEditor tagId={tag.tag_id} mainSlug={tag.slug_name} current={synonyms.data?.synonyms ?? []} onDone={() => setEditingSynonyms(false)} />
          ) : synonyms.data?.synonyms.length ? (
            <ul className="list-unstyled d-flex flex-wrap gap-2">
              {synonyms.data.synonyms.map((s) => (
                <li key={s.tag_id} className="badge rounded-pill bg-body-tertiary text-body border fw-normal">
                  {s.slug_name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-body-secondary">{synonyms.isPending ? t('common.loading') : synonyms.isError ? t('tag_pages.load_failed') : t('tag_pages.no_synonyms')}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
