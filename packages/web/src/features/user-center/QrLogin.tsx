/**
 * A user center's QR-code login (plugin-api `qr_login`; Answer's WeCom flow): asks the plugin's URL route for the
 * address and a key, draws the address as a QR code, and polls the check route every 2 s until the scan is
 * confirmed (the server then sets this browser's session cookie) — then goes to /users/auth-landing. A key that
 * expired is told so with a button for a new code. Inside the provider's own app (`in_app`) it goes straight to
 * the address instead.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { renderSVG } from 'uqr';
import type { UserCenterAgentInfo, UserCenterQrLogin } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';

/** Polling interval of the check route (ms). */
export const POLL_MS = 2000;

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'expired' } | { kind: 'opening' } | { kind: 'ready'; url: string; key: string } | { kind: 'done' };

/** The QR login of one agent. */
export default function QrLogin({ agent, qr }: { agent: UserCenterAgentInfo; qr: UserCenterQrLogin }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const name = agent.display_name || agent.name;
  const generation = useRef(0);

  const start = useCallback(() => {
    const mine = ++generation.current;
    setState({ kind: 'loading' });
    api
      .get<{ redirect_url: string; key: string; in_app?: boolean }>(`/answer/api/v1${qr.url_path}`, undefined, { passingError: true })
      .then((r) => {
        if (mine !== generation.current) return;
        if (r.in_app) {
          setState({ kind: 'opening' });
          window.location.assign(r.redirect_url);
          return;
        }
        setState({ kind: 'ready', url: r.redirect_url, key: r.key });
      })
      .catch(() => mine === generation.current && setState({ kind: 'error' }));
  }, [qr.url_path]);

  useEffect(() => {
    start();
    return () => {
      generation.current++;
    };
  }, [start]);

  const key = state.kind === 'ready' ? state.key : '';
  useEffect(() => {
    if (!key) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      api
        .get<{ is_login: boolean }>(`/answer/api/v1${qr.check_path}`, { key }, { passingError: true })
        .then((r) => {
          if (stopped || !r.is_login) return;
          stopped = true;
          setState({ kind: 'done' });
          void navigate('/users/auth-landing', { replace: true });
        })
        .catch((err: unknown) => {
          if (stopped) return;
          // An expired or used key: a new code is needed. Network hiccups just wait for the next poll.
          if (err instanceof ApiError && err.status === 400) {
            stopped = true;
            setState({ kind: 'expired' });
          }
        });
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [key, qr.check_path, navigate]);

  const svg = useMemo(() => (state.kind === 'ready' ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(state.url, { border: 2 }))}` : ''), [state]);

  if (state.kind === 'loading' || state.kind === 'opening' || state.kind === 'done') {
    const label = state.kind === 'opening' ? t('user_center.auth.opening', { name }) : state.kind === 'done' ? t('user_center.auth.confirmed') : t('user_center.auth.loading');
    return (
      <div className="text-center py-4" role="status">
        <Spinner animation="border" aria-hidden="true" className="mb-2" />
        <p className="mb-0">{label}</p>
      </div>
    );
  }
  if (state.kind === 'error' || state.kind === 'expired') {
    return (
      <div className="text-center">
        <Alert variant={state.kind === 'error' ? 'danger' : 'warning'} role="alert">
          {state.kind === 'error' ? t('user_center.auth.load_failed') : t('user_center.auth.expired')}
        </Alert>
        <Button variant="primary" onClick={start}>
          {state.kind === 'error' ? t('user_center.auth.retry') : t('user_center.auth.refresh')}
        </Button>
      </div>
    );
  }
  return (
    <div className="text-center">
      <p id="qr-instructions">{t('user_center.auth.scan', { name })}</p>
      <img src={svg} alt={t('user_center.auth.qr_alt', { name })} width={220} height={220} className="d-block mx-auto mb-3 bg-white p-1 rounded" data-testid="user-center-qr" data-qr-url={state.url} aria-describedby="qr-instructions" />
      <p className="small text-body-secondary mb-0" role="status" aria-live="polite">
        <Spinner animation="grow" size="sm" aria-hidden="true" className="me-2" />
        {t('user_center.auth.waiting')}
      </p>
    </div>
  );
}
