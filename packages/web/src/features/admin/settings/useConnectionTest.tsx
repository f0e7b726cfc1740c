/**
 * The "Test" button of a login settings page (directory login, SAML): posts the form as it stands, unsaved, to the
 * page's test call and shows its answer (`{ok, message, detail}`, translated by the server) or why the call was
 * refused (field errors joined, else the error's message) in a live region under the form.
 */
import { useState, type ReactElement } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { serverFieldErrors } from '../../../lib/formErrors';

/** What a test call answers (LdapTestResult, SamlTestResult). */
export interface ConnectionTestResult {
  ok: boolean;
  message: string;
  detail: string;
}

/**
 * @param path the admin test call (POST)
 * @param label the button's text
 * @returns `button` for SettingsFrame's extraActions (disabled while testing or while the form loads) and `panel`
 *   to place under the form
 */
export function useConnectionTest(path: string, label: string, body: () => unknown, ready: boolean): { button: ReactElement; panel: ReactElement } {
  const { t } = useTranslation();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const [error, setError] = useState('');
  const run = async () => {
    setTesting(true);
    setResult(null);
    setError('');
    try {
      setResult(await api.post<ConnectionTestResult>(path, body(), { passingError: true }));
    } catch (err) {
      const fields = serverFieldErrors(err);
      setError(fields ? Object.values(fields).join(' ') : ((err as Error).message ?? t('admin.form.save_failed')));
    } finally {
      setTesting(false);
    }
  };
  const button = (
    <Button variant="outline-primary" onClick={() => void run()} disabled={testing || !ready}>
      {label}
    </Button>
  );
  const panel = (
    <div aria-live="polite" className="mt-3">
      {result && (
        <Alert variant={result.ok ? 'success' : 'danger'} className="q-admin-form">
          <div>{result.message}</div>
          {result.detail && <div className="small text-break mt-1">{result.detail}</div>}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" className="q-admin-form">
          {error}
        </Alert>
      )}
    </div>
  );
  return { button, panel };
}
