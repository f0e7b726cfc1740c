/**
 * /install: the first-run wizard (spec §2 "Installer steps"): language, database engine, database details,
 * config file, site information, admin account, done. Every call passes its errors here; nothing typed is
 * lost when a call fails, and server field errors appear under their fields on the step that has them.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { DEFAULT_LANGUAGE, LANGUAGES, type DbType } from '@quorum/contract';
import { api } from '../../lib/api';
import { i18n, isSupportedLanguage, setLanguage } from '../../lib/i18n';
import { STORAGE_KEYS, writeStored } from '../../lib/session';
import { usePageTitle } from '../../lib/usePageTitle';
import { dropError, serverFieldErrors, translateChecks, type FieldErrors } from '../../lib/formErrors';
import {
  checkConfigFile,
  alertText,
  checkDatabase,
  configTextOf,
  DEFAULT_HOSTS,
  fetchLanguages,
  initInstall,
  isAlreadyInstalled,
  saveBaseInfo,
  type BaseInfoForm,
  type ConfigFileState,
  type DbForm,
} from './api';
import { ConfigStep } from './ConfigStep';
import { checkDbForm, DatabaseStep, EngineStep, LanguageStep } from './DatabaseSteps';
import { DoneStep, InstalledStep } from './FinishSteps';
import { AdminStep, checkAdminForm, checkSiteForm, SITE_FIELDS, SiteStep } from './SiteSteps';
import { StepIndicator, type StepName } from './StepLayout';

type Phase = StepName | 'loading' | 'installed';

const initialDb: DbForm = { db_type: 'sqlite3', db_username: 'root', db_password: '', db_host: '', db_name: 'quorum', db_file: 'quorum.db' };

/** The installer wizard page. */
export default function InstallPage() {
  const { t } = useTranslation();
  usePageTitle(t('install.page_title'));
  const [phase, setPhase] = useState<Phase>('loading');
  const [languages, setLanguages] = useState<{ label: string; value: string }[]>([...LANGUAGES]);
  const [db, setDb] = useState<DbForm>(initialDb);
  const [base, setBase] = useState<BaseInfoForm>(() => ({
    lang: isSupportedLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
    site_name: '',
    site_url: typeof window === 'undefined' ? '' : window.location.origin,
    contact_email: '',
    name: '',
    password: '',
    email: '',
    login_required: false,
  }));
  /** The config file already exists and connects: the database steps are skipped. */
  const [configReady, setConfigReady] = useState(false);
  const [manualConfig, setManualConfig] = useState<{ text: string; path?: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetchLanguages()
      .then((list) => !cancelled && Array.isArray(list) && list.length > 0 && setLanguages(list))
      .catch(() => undefined);
    checkConfigFile()
      .then(async (state) => {
        const ready = state.config_file_exist && state.db_connection_success;
        if (state.config_file_exist && (await installedProbe())) return 'installed' as const;
        if (!cancelled) setConfigReady(ready);
        return 'language' as const;
      })
      .catch((err: unknown) => (isAlreadyInstalled(err) ? ('installed' as const) : ('language' as const)))
      .then((next) => !cancelled && setPhase(next));
    return () => {
      cancelled = true;
    };
  }, []);

  /** Moves to a step, clearing the alert (field errors stay until fixed or re-checked). */
  const go = (next: Phase) => {
    setAlert(null);
    setPhase(next);
  };

  /** Handles a failed call: already installed, field errors, or an alert with the server's message. */
  const fail = (err: unknown, fieldStep?: (fields: FieldErrors) => Phase | null) => {
    if (isAlreadyInstalled(err)) return go('installed');
    const fields = serverFieldErrors(err);
    if (fields) {
      setErrors(fields);
      const target = fieldStep?.(fields);
      if (target && target !== phase) go(target);
      return;
    }
    setAlert(alertText(err, t('install.errors.unknown')));
  };

  /** Runs a call with the busy flag set. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setAlert(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const changeLanguage = (lang: string) => {
    setBase((b) => ({ ...b, lang }));
    setLanguage(lang);
    writeStored(STORAGE_KEYS.lang, lang);
  };

  const changeEngine = (db_type: DbType) => {
    setDb((d) => {
      const hostIsDefault = !d.db_host || Object.values(DEFAULT_HOSTS).includes(d.db_host);
      return { ...d, db_type, db_host: hostIsDefault ? DEFAULT_HOSTS[db_type] : d.db_host };
    });
    setErrors({});
  };

  const submitDatabase = () => {
    const local = checkDbForm(db);
    setErrors(translateChecks(t, local));
    if (Object.keys(local).length) return;
    void run(async () => {
      try {
        const res = await checkDatabase(db);
        if (res && res.connection_success === false) setAlert(t('install.errors.db_connection'));
        else go('config');
      } catch (err) {
        fail(err);
      }
    });
  };

  const submitConfig = () => {
    void run(async () => {
      try {
        if (manualConfig) {
          const state = await checkConfigFile();
          if (state.config_file_exist && state.db_connection_success) go('site');
          else setAlert(t(state.config_file_exist ? 'install.errors.db_connection' : 'install.config.still_missing'));
          return;
        }
        await initInstall(db);
        go('site');
      } catch (err) {
        const manual = configTextOf(err);
        if (manual) {
          setManualConfig(manual);
          setAlert(null);
        } else fail(err);
      }
    });
  };

  const submitSite = () => {
    const local = checkSiteForm(base);
    setErrors(translateChecks(t, local));
    if (!Object.keys(local).length) go('admin');
  };

  const submitAdmin = () => {
    const local = checkAdminForm(base);
    setErrors(translateChecks(t, local));
    if (Object.keys(local).length) return;
    void run(async () => {
      try {
        await saveBaseInfo({ ...base, site_url: base.site_url.trim().replace(/\/+$/, '') });
        setErrors({});
        go('done');
      } catch (err) {
        fail(err, (fields) => (Object.keys(fields).some((f) => (SITE_FIELDS as readonly string[]).includes(f)) ? 'site' : null));
      }
    });
  };

  /** Drops the errors of fields the person is editing. */
  const clearErrors = (fields: string[]) => setErrors((e) => fields.reduce(dropError, e));
  const patchDb = (patch: Partial<DbForm>) => {
    setDb((d) => ({ ...d, ...patch }));
    clearErrors(Object.keys(patch));
  };
  const patchBase = (patch: Partial<BaseInfoForm>) => {
    setBase((b) => ({ ...b, ...patch }));
    clearErrors(Object.keys(patch));
  };

  const body = (() => {
    switch (phase) {
      case 'loading':
        return (
          <div className="text-center py-5" role="status">
            <Spinner animation="border" aria-hidden="true" />
            <div className="mt-2 text-body-secondary">{t('install.loading')}</div>
          </div>
        );
      case 'installed':
        return <InstalledStep />;
      case 'language':
        return <LanguageStep lang={base.lang} options={languages} onChange={changeLanguage} onNext={() => go(configReady ? 'site' : 'engine')} />;
      case 'engine':
        return <EngineStep dbType={db.db_type} onChange={changeEngine} onNext={() => go('database')} onBack={() => go('language')} />;
      case 'database':
        return <DatabaseStep form={db} errors={errors} alert={alert} busy={busy} onChange={patchDb} onNext={submitDatabase} onBack={() => go('engine')} />;
      case 'config':
        return <ConfigStep manual={manualConfig} alert={alert} busy={busy} onNext={submitConfig} onBack={() => go('database')} />;
      case 'site':
        return (
          <SiteStep
            form={base}
            errors={errors}
            alert={alert}
            onChange={patchBase}
            onNext={submitSite}
            onBack={() => go(configReady ? 'language' : 'config')}
          />
        );
      case 'admin':
        return <AdminStep form={base} errors={errors} alert={alert} busy={busy} onChange={patchBase} onNext={submitAdmin} onBack={() => go('site')} />;
      case 'done':
        return <DoneStep />;
    }
  })();

  return (
    <div className="container py-3" style={{ maxWidth: 680 }}>
      <header className="text-center mb-4">
        <h1 className="h3 fw-bold mb-1">{t('install.heading')}</h1>
        <p className="text-body-secondary mb-0">{t('install.subheading')}</p>
      </header>
      <Card className="shadow-sm border-0">
        <Card.Body className="p-4 p-md-5">
          {phase !== 'loading' && phase !== 'installed' && <StepIndicator current={phase} />}
          {body}
        </Card.Body>
      </Card>
    </div>
  );
}

/**
 * True when the server says the site is already installed: config-file/check carries `installed`
 * (a Quorum addition to Answer's shape), which tells a finished install from an interrupted one.
 */
async function installedProbe(): Promise<boolean> {
  try {
    const state = await api.post<ConfigFileState>('/installation/config-file/check', {}, { passingError: true });
    return state.installed === true;
  } catch (err) {
    return isAlreadyInstalled(err);
  }
}
