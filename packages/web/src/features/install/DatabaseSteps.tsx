/**
 * The first installer steps: language, database engine and database details.
 */
import { useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import { DB_TYPES, type DbType } from '@quorum/contract';
import TextField from '../auth/TextField';
import type { FieldErrors } from '../../lib/formErrors';
import { StepLayout } from './StepLayout';
import { DEFAULT_HOSTS, type DbForm } from './api';

interface LanguageStepProps {
  lang: string;
  options: { label: string; value: string }[];
  onChange: (lang: string) => void;
  onNext: () => void;
}

/** Step 1: the language of the installer and of the new site. */
export function LanguageStep({ lang, options, onChange, onNext }: LanguageStepProps) {
  const { t } = useTranslation();
  return (
    <StepLayout title={t('install.language.title')} intro={t('install.language.intro')} onSubmit={onNext}>
      <Form.Group controlId="install-lang">
        <Form.Label className="fw-medium">{t('install.language.label')}</Form.Label>
        <Form.Select
          value={lang}
          onChange={(e) => onChange(e.target.value)}
          // A select does not submit its form on Enter by itself.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onNext();
            }
          }}
          autoFocus
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </StepLayout>
  );
}

interface EngineStepProps {
  dbType: DbType;
  onChange: (dbType: DbType) => void;
  onNext: () => void;
  onBack: () => void;
}

/** Step 2: SQLite (embedded, the default), PostgreSQL or MySQL/MariaDB. */
export function EngineStep({ dbType, onChange, onNext, onBack }: EngineStepProps) {
  const { t } = useTranslation();
  return (
    <StepLayout title={t('install.engine.title')} intro={t('install.engine.intro')} onSubmit={onNext} onBack={onBack}>
      <fieldset>
        <legend className="visually-hidden">{t('install.engine.title')}</legend>
        <div className="d-grid gap-2">
          {DB_TYPES.map((type) => (
            <label
              key={type}
              className={`border rounded p-3 d-flex gap-3 align-items-start${dbType === type ? ' border-primary bg-primary-subtle' : ''}`}
              style={{ cursor: 'pointer' }}
            >
              <Form.Check.Input
                type="radio"
                name="db_type"
                value={type}
                checked={dbType === type}
                onChange={() => onChange(type)}
                autoFocus={dbType === type}
                className="mt-1"
              />
              <span>
                <span className="d-block fw-medium">{t(`install.engine.${type}.name`)}</span>
                <span className="d-block small text-body-secondary">{t(`install.engine.${type}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </StepLayout>
  );
}

interface DatabaseStepProps {
  form: DbForm;
  errors: FieldErrors;
  alert: string | null;
  busy: boolean;
  onChange: (patch: Partial<DbForm>) => void;
  onNext: () => void;
  onBack: () => void;
}

/** Step 3: where the database is; Next checks the connection. */
export function DatabaseStep({ form, errors, alert, busy, onChange, onNext, onBack }: DatabaseStepProps) {
  const { t } = useTranslation();
  const engine = t(`install.engine.${form.db_type}.name`);
  return (
    <StepLayout
      title={t('install.database.title')}
      intro={t('install.database.intro', { engine })}
      alert={alert}
      busy={busy}
      onSubmit={onNext}
      onBack={onBack}
    >
      {form.db_type === 'sqlite3' ? (
        <TextField
          name="db_file"
          label={t('install.database.file')}
          hint={t('install.database.file_hint')}
          value={form.db_file}
          onChange={(v) => onChange({ db_file: v })}
          error={errors.db_file}
          autoFocus
          required
        />
      ) : (
        <>
          <TextField
            name="db_host"
            label={t('install.database.host')}
            hint={t('install.database.host_hint', { example: DEFAULT_HOSTS[form.db_type] })}
            value={form.db_host}
            onChange={(v) => onChange({ db_host: v })}
            error={errors.db_host}
            autoFocus
            required
          />
          <div className="row">
            <div className="col-sm-6">
              <TextField
                name="db_username"
                label={t('install.database.username')}
                value={form.db_username}
                onChange={(v) => onChange({ db_username: v })}
                error={errors.db_username}
                autoComplete="off"
                required
              />
            </div>
            <div className="col-sm-6">
              <TextField
                name="db_password"
                type="password"
                label={t('install.database.password')}
                value={form.db_password}
                onChange={(v) => onChange({ db_password: v })}
                error={errors.db_password}
                autoComplete="new-password"
              />
            </div>
          </div>
          <TextField
            name="db_name"
            label={t('install.database.name')}
            value={form.db_name}
            onChange={(v) => onChange({ db_name: v })}
            error={errors.db_name}
            required
          />
        </>
      )}
    </StepLayout>
  );
}

/**
 * Client check of the database step: the fields each engine needs.
 * @returns message keys by field (translate with translateCheck)
 */
export function checkDbForm(form: DbForm): FieldErrors {
  const empty = 'error.form.cannot_be_empty';
  const out: FieldErrors = {};
  if (form.db_type === 'sqlite3') {
    if (!form.db_file.trim()) out.db_file = empty;
    return out;
  }
  if (!form.db_host.trim()) out.db_host = empty;
  if (!form.db_username.trim()) out.db_username = empty;
  if (!form.db_name.trim()) out.db_name = empty;
  return out;
}
