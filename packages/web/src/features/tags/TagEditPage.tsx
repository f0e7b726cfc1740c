/**
 * /tags/{tagId}/edit: edits a tag (activated users with the tag.edit privilege). The privilege is asked before
 * the form opens (GET /permission): without it the page says what reputation it needs instead of a form whose
 * text would be refused on save. Below the edit-without-review privilege the change waits for review: 'Your
 * revision will show after review.'
 */
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/Link';
import { PageSpinner } from '../../components/PageSpinner';
import { api } from '../../lib/api';
import { isActivated, rememberReturnTarget, useCurrentUser } from '../../lib/auth';
import { useHydrated } from '../../lib/store';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';
import { invalidateTags, tagPath, useTagInfo } from './api';
import { TagForm } from './TagForm';
import { usePermissions } from '../post-actions/usePermissions';

/** The edit-tag page. */
export default function TagEditPage() {
  const { t } = useTranslation();
  const { tagId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  const info = useTagInfo({ id: tagId });
  const tag = info.data;
  const perms = usePermissions(['tag.edit']);
  const permission = perms?.['tag.edit'];
  usePageTitle(t('tag_form.edit_title'));

  // Spec §6: anonymous users log in first; not activated users go to the inactive page.
  useEffect(() => {
    if (!hydrated || isLoading) return;
    if (!user) {
      rememberReturnTarget(`/tags/${tagId}/edit`);
      void navigate('/users/login', { replace: true });
    } else if (!isActivated(user)) {
      void navigate('/users/login?status=inactive', { replace: true });
    }
  }, [hydrated, isLoading, user, navigate, tagId]);

  if (!hydrated || isLoading || !user || !isActivated(user)) return <PageSpinner />;
  if (info.isError) {
    return (
      <div className="container">
        <Alert variant="danger">{t('tag_pages.load_failed')}</Alert>
      </div>
    );
  }
  if (!tag || !perms) return <PageSpinner />;
  if (permission && !permission.has_permission) {
    return (
      <div className="container" style={{ maxWidth: 800 }}>
        <h1 className="h3 mb-3">{t('tag_form.edit_title')}</h1>
        <Alert variant="info" role="status">
          {permission.no_permission_tip}
        </Alert>
        <Link to={tagPath(tag.slug_name, 'info')}>{tag.display_name || tag.slug_name}</Link>
      </div>
    );
  }

  return (
    <div className="container" style={{ maxWidth: 800 }}>
      <nav aria-label={t('tag_pages.breadcrumb')} className="small mb-2">
        <Link to={tagPath(tag.slug_name, 'info')}>{tag.display_name || tag.slug_name}</Link>
      </nav>
      <h1 className="h3 mb-3">{t('tag_form.edit_title')}</h1>
      <TagForm
        mode="edit"
        initial={{ display_name: tag.display_name, slug_name: tag.slug_name, original_text: tag.original_text ?? '', edit_summary: '' }}
        submitLabel={t('tag_form.edit_submit')}
        onSubmit={async (v) => {
          const res = await api.put<{ wait_for_review?: boolean } | null>('/answer/api/v1/tag', { tag_id: tag.tag_id, ...v });
          await invalidateTags(client);
          if (res?.wait_for_review) {
            toast(t('tag_form.wait_for_review'), 'info');
            void navigate(tagPath(tag.slug_name, 'info'));
          } else {
            toast(t('tag_form.saved'), 'success');
            void navigate(tagPath(v.slug_name, 'info'));
          }
        }}
      />
    </div>
  );
}
