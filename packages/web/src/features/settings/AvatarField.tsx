/**
 * Avatar choice (spec §3 "Profile fields"): system, Gravatar or an uploaded image (POST /answer/api/v1/file,
 * multipart {source: 'avatar', file}; images only, at most 4 MB, checked here before uploading).
 */
import { useRef, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import { Avatar } from '../../components/Avatar';
import { api, ApiError } from '../../lib/api';

/** The avatar part of the profile form. */
export interface AvatarValue {
  type: 'system' | 'gravatar' | 'custom';
  custom: string;
}

interface Props {
  value: AvatarValue;
  onChange: (v: AvatarValue) => void;
  /** Gravatar URL of the user's address, for the preview. */
  gravatar: string;
  name: string;
  disabled: boolean;
  error?: string;
  hint?: string;
}

/** Radio choices with previews, and the upload button for a custom image. */
export function AvatarField({ value, onChange, gravatar, name, disabled, error, hint }: Props) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error;

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setUploadError(null);
    if (!f.type.startsWith('image/')) return setUploadError(t('settings.profile.avatar_not_image'));
    if (f.size > LIMITS.imageMaxBytes) return setUploadError(t('settings.profile.avatar_too_large'));
    const form = new FormData();
    form.append('source', 'avatar');
    form.append('file', f);
    setUploading(true);
    try {
      const url = await api.upload<string>('/answer/api/v1/file', form);
      onChange({ type: 'custom', custom: url });
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) setUploadError(err instanceof ApiError ? (err.fieldError('file') ?? err.message) : t('auth.errors.unknown'));
    } finally {
      setUploading(false);
    }
  };

  const choices: { type: AvatarValue['type']; label: string; src: string }[] = [
    { type: 'system', label: t('settings.profile.avatar_system'), src: '' },
    { type: 'gravatar', label: t('settings.profile.avatar_gravatar'), src: gravatar },
    { type: 'custom', label: t('settings.profile.avatar_custom'), src: value.custom },
  ];
  return (
    <fieldset className="mb-3" disabled={disabled} aria-describedby={shown ? 'q-avatar-error' : hint ? 'q-avatar-hint' : undefined}>
      <legend className="form-label fs-6 fw-medium mb-2">{t('settings.profile.avatar')}</legend>
      <div className="d-flex flex-wrap gap-4 align-items-center">
        {choices.map((c) => (
          <div key={c.type} className="d-flex align-items-center gap-2">
            <Form.Check
              type="radio"
              id={`q-avatar-${c.type}`}
              name="avatar"
              label={c.label}
              checked={value.type === c.type}
              onChange={() => onChange({ ...value, type: c.type })}
              isInvalid={!!shown && value.type === c.type}
            />
            <Avatar src={c.src || undefined} name={name} size={40} />
          </div>
        ))}
      </div>
      {value.type === 'custom' && (
        <div className="mt-2">
          <input ref={file} type="file" accept="image/*" className="d-none" onChange={(e) => void upload(e)} aria-label={t('settings.profile.avatar_upload')} />
          <Button variant="outline-secondary" size="sm" onClick={() => file.current?.click()} disabled={uploading || disabled}>
            {uploading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('settings.profile.avatar_upload')}
          </Button>
          <Form.Text className="ms-2">{t('settings.profile.avatar_upload_hint')}</Form.Text>
        </div>
      )}
      {hint && !shown && (
        <Form.Text id="q-avatar-hint" className="d-block">
          {hint}
        </Form.Text>
      )}
      {shown && (
        <div id="q-avatar-error" className="invalid-feedback d-block" role="alert">
          {shown}
        </div>
      )}
    </fieldset>
  );
}
