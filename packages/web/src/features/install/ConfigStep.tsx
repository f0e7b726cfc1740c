/**
 * Step 4: write the config file and create the schema (POST /installation/init). When the server cannot
 * write the file, it hands back the text; the person creates the file by hand and Next checks for it.
 */
import { useState } from 'react';
import { useTranslation, Trans } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import { StepLayout } from './StepLayout';

interface ConfigStepProps {
  /** Config text to create by hand, once the server failed to write it. */
  manual: { text: string; path?: string } | null;
  alert: string | null;
  busy: boolean;
  onNext: () => void;
  onBack: () => void;
}

/** Copies text to the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The config file step, in its automatic and by-hand forms. */
export function ConfigStep({ manual, alert, busy, onNext, onBack }: ConfigStepProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  if (!manual) {
    return (
      <StepLayout
        title={t('install.config.title')}
        intro={t('install.config.intro')}
        alert={alert}
        busy={busy}
        onSubmit={onNext}
        onBack={onBack}
        submitLabel={t('install.config.write')}
        focusSubmit
      />
    );
  }

  const path = manual.path ?? '<data dir>/conf/config.yaml';
  return (
    <StepLayout title={t('install.config.manual_title')} alert={alert} busy={busy} onSubmit={onNext} onBack={onBack}>
      <p className="text-body-secondary">
        <Trans i18nKey="install.config.manual_intro" values={{ path }} components={{ code: <code /> }} />
      </p>
      <div className="position-relative">
        <pre className="bg-body-tertiary border rounded p-3 small mb-2" style={{ maxHeight: 320 }} tabIndex={0} aria-label={t('install.config.text_label')}>
          {manual.text}
        </pre>
        <Button
          variant="outline-secondary"
          size="sm"
          className="position-absolute top-0 end-0 m-2"
          autoFocus
          onClick={() => void copyText(manual.text).then((ok) => setCopied(ok ? 'yes' : 'no'))}
        >
          {t('install.config.copy')}
        </Button>
      </div>
      <div role="status" className="small mb-2">
        {copied === 'yes' && <span className="text-success">{t('install.config.copied')}</span>}
        {copied === 'no' && <span className="text-danger">{t('install.config.copy_failed')}</span>}
      </div>
      <p className="mb-0">{t('install.config.manual_next')}</p>
    </StepLayout>
  );
}
