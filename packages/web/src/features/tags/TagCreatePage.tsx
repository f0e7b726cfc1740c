/** /tags/create: a new tag (moderators and admins only; others see the 403 page; anonymous users log in first). */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { api } from '../../lib/api';
import { isStaff, rememberReturnTarget, useCurrentUser } from '../../lib/auth';
import { useHydrated } from '../../lib/store';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';
import ForbiddenPage from '../errors/ForbiddenPage';
import { invalidateTags, tagPath } from './api';
import { TagForm } from './TagForm';

const EMPTY = { display_name: '', slug_name: '', original_text: '', edit_summary: '' };

/** The create-tag page. */
export default function TagCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  usePageTitle(t('tag_form.create_title'));

  useEffect(() => {
    if (hydrated && !isLoading && !user) {
      rememberReturnTarget('/tags/create');
      void navigate('/users/login', { replace: true });
    }
  }, [hydrated, isLoading, user, navigate]);

  if (!hydrated || isLoading || !user) return <PageSpinner />;
  if (!isStaff(user)) return <ForbiddenPage />;

  return (
    <div className="container" style={{ maxWidth: 800 }}>
      <h1 className="h3 mb-3">{t('tag_form.create_title')}</h1>
      <TagForm
        mode="create"
        initial={EMPTY}
        submitLabel={t('tag_form.create_submit')}
        onSubmit={async (v) => {
          const tag = await api.post<{ slug_name: string }>('/answer/api/v1/tag', { slug_name: v.slug_name, display_name: v.display_name, original_text: v.original_text });
          await invalidateTags(client);
          toast(t('tag_form.created'), 'success');
          void navigate(tagPath(tag?.slug_name || v.slug_name));
        }}
      />
    </div>
  );
}
