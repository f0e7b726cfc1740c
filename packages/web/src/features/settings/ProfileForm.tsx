/**
 * Settings > profile (spec §3 "Profile fields", §5): display name (≤ 30), username (≤ 30, a-z 0-9 - . _),
 * avatar, bio (markdown), website (URL) and location; PUT /user/info. A field the site user policy
 * (siteinfo.site_users.allow_update_*) does not allow is disabled with a hint and not sent.
 */
import { useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { LIMITS, UpdateUserInfoReq } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { refreshCurrentUser } from '../../lib/auth';
import { useSiteInfo } from '../../lib/site';
import { toast } from '../../lib/toast';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import { dropError, schemaErrors, serverFieldErrors, translateChecks, type FieldErrors } from '../../lib/formErrors';
import TextField from '../auth/TextField';
import { AvatarField, type AvatarValue } from './AvatarField';
import { useUnsavedChanges } from './useUnsavedChanges';

type Field = 'display_name' | 'username' | 'avatar' | 'bio' | 'website' | 'location';
const FIELDS: Field[] = ['display_name', 'username', 'avatar', 'bio', 'website', 'location'];
interface ProfileValues {
  display_name: string;
  username: string;
  avatar: AvatarValue;
  bio: string;
  website: string;
  location: string;
}

function initialValues(user: CurrentUser): ProfileValues {
  const a = typeof user.avatar === 'object' && user.avatar ? user.avatar : { type: user.avatar ? 'custom' : 'system', custom: typeof user.avatar === 'string' ? user.avatar : '', gravatar: '' };
  const type = a.type === 'gravatar' || a.type === 'custom' ? a.type : 'system';
  return { display_name: user.display_name ?? '', username: user.username ?? '', avatar: { type, custom: a.custom ?? '' }, bio: user.bio ?? '', website: user.website ?? '', location: user.location ?? '' };
}

/** Server field names onto form fields ('avatar.custom' -> 'avatar'). */
const renameField = (field: string): string => field.split('.')[0]!;

/** The profile form. */
export default function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  usePageTitle(t('settings.tabs.profile'));
  const policy = (useSiteInfo().site_users ?? {}) as Record<string, unknown>;
  const allowed = (f: Field) => policy[`allow_update_${f}`] === true;
  const [saved, setSaved] = useState(() => initialValues(user));
  const [form, setForm] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(saved), [form, saved]);
  useUnsavedChanges(dirty);
  const gravatar = typeof user.avatar === 'object' && user.avatar ? user.avatar.gravatar : '';

  const set = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => dropError(e, field));
  };
  const noneAllowed = !FIELDS.some(allowed);
  const hint = (f: Field, normal?: string) => (allowed(f) ? normal : noneAllowed ? undefined : t('settings.profile.not_allowed'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body: Record<string, unknown> = {};
    for (const f of ['display_name', 'username', 'bio', 'website', 'location'] as const) if (allowed(f)) body[f] = form[f].trim();
    if (allowed('avatar')) body.avatar = { type: form.avatar.type, custom: form.avatar.type === 'custom' ? form.avatar.custom : '' };
    const local = translateChecks(t, schemaErrors(UpdateUserInfoReq, body));
    if (allowed('avatar') && form.avatar.type === 'custom' && !form.avatar.custom) local.avatar = t('settings.profile.avatar_missing');
    setErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [renameField(k), v])));
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await api.put('/answer/api/v1/user/info', body);
      setSaved(form);
      toast(t('settings.saved'), 'success');
      void refreshCurrentUser();
    } catch (err) {
      if (err instanceof ApiError && err.handled) return;
      const fields = serverFieldErrors(err, renameField);
      if (fields) setErrors(fields);
      else toast(err instanceof Error ? err.message : t('auth.errors.unknown'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit} aria-busy={busy || undefined} aria-labelledby="q-profile-title">
      <h2 id="q-profile-title" className="h5 mb-3">
        {t('settings.tabs.profile')}
      </h2>
      {noneAllowed && <Alert variant="info">{t('settings.profile.none_allowed')}</Alert>}
      <TextField name="display_name" label={t('settings.profile.display_name')} value={form.display_name} onChange={(v) => set('display_name', v)} error={errors.display_name} disabled={!allowed('display_name')} hint={hint('display_name')} maxLength={LIMITS.displayNameMax} autoComplete="name" />
      <TextField name="username" label={t('auth.fields.username')} value={form.username} onChange={(v) => set('username', v)} error={errors.username} disabled={!allowed('username')} hint={hint('username', t('auth.hints.username', { max: LIMITS.usernameMax }))} maxLength={LIMITS.usernameMax} autoComplete="username" />
      <AvatarField value={form.avatar} onChange={(v) => set('avatar', v)} gravatar={gravatar} name={form.display_name || form.username} disabled={!allowed('avatar')} error={errors.avatar} hint={hint('avatar')} />
      <TextField name="bio" label={t('settings.profile.bio')} value={form.bio} onChange={(v) => set('bio', v)} error={errors.bio} disabled={!allowed('bio')} hint={hint('bio', t('settings.profile.bio_hint'))} rows={5} />
      <TextField name="website" type="url" label={t('settings.profile.website')} value={form.website} onChange={(v) => set('website', v)} error={errors.website} disabled={!allowed('website')} hint={hint('website', t('settings.profile.website_hint'))} placeholder="https://example.com" autoComplete="url" />
      <TextField name="location" label={t('settings.profile.location')} value={form.location} onChange={(v) => set('location', v)} error={errors.location} disabled={!allowed('location')} hint={hint('location')} />
      {!noneAllowed && (
        <Button type="submit" variant="primary" disabled={busy || !dirty}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('settings.save')}
        </Button>
      )}
    </Form>
  );
}
