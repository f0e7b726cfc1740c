/**
 * The captcha at work (useCaptcha.tsx loads it when a page first needs a captcha, so the login page's first load
 * does not carry it): GET /user/action/record?action=&accept=pow,question tells whether the next call needs one
 * (`verify`) and carries a fresh challenge of the provider the admin picked (server modules/captcha). An image or
 * a question is asked in a dialog; a proof of work is computed in the page with nothing to read or type, while a
 * status line (a polite live region) says "Checking you are not a robot…" and then "… done". The action is called
 * with `{captcha_id, captcha_code}`; a `captcha_code` field error marks the dialog's input invalid, shows the
 * message, loads a new challenge and keeps the dialog open; a refused proof is computed once more for a new
 * challenge, then the message shows in the status line. The dialog's and the solver's code load when first needed.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { i18n, loadAllStrings } from '../../lib/i18n';
import { withAccountStrings } from '../account/strings';
import { CaptchaCancelled, captchaError, type CaptchaAction, type CaptchaRecord, type CaptchaRun, type CaptchaValue } from './useCaptcha';

const CaptchaDialog = lazy(withAccountStrings(() => Promise.all([import('./CaptchaDialog'), loadCaptchaStrings()]).then(([m]) => m)));

/** The captcha strings of the proof-of-work status and the question dialog (i18n/<lang>/ui-captcha.yaml). */
function loadCaptchaStrings(): Promise<void> {
  return loadAllStrings(i18n.language, ['ui-captcha']);
}

/** Kinds this client solves besides images (sent as `accept`). */
const ACCEPT = 'pow,question';

interface Pending {
  call: (c?: CaptchaValue) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/** A proof of work being computed for one challenge. */
interface Proof {
  id: string;
  value: Promise<CaptchaValue>;
}

/** What the status line says: nothing, checking, done, or a message (a proof refused twice). */
type PowStatus = { kind: 'idle' } | { kind: 'checking' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * @param action the action record to ask for
 * @param preload fetch the record at once (spec §4: e-mail-type requests; sign-up), and start a proof of work when
 *   one is needed, so it is ready by the time the form is sent
 * @param bind receives the `run` of useCaptcha once mounted
 * @returns the proof-of-work status line and, when open, the dialog
 */
export default function CaptchaHost({ action, preload, bind }: { action: CaptchaAction; preload: boolean; bind: (run: CaptchaRun) => void }) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<CaptchaRecord | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<PowStatus>({ kind: 'idle' });
  const pending = useRef<Pending | null>(null);
  const fresh = useRef(false);
  const proof = useRef<Proof | null>(null);

  /** The proof for a proof-of-work record: the one under way for it, or a new search. */
  const proofFor = useCallback((rec: CaptchaRecord): Promise<CaptchaValue> => {
    if (proof.current?.id === rec.captcha_id) return proof.current.value;
    const pow = rec.pow!;
    const value = Promise.all([import('./pow'), loadCaptchaStrings()]).then(async ([m]) => {
      setStatus({ kind: 'checking' });
      const nonce = await m.solvePow(pow.challenge, pow.difficulty);
      setStatus({ kind: 'done' });
      return { captcha_id: rec.captcha_id, captcha_code: nonce };
    });
    value.catch(() => setStatus({ kind: 'idle' }));
    proof.current = { id: rec.captcha_id, value };
    return value;
  }, []);

  const load = useCallback(async (): Promise<CaptchaRecord> => {
    const rec = await api.get<CaptchaRecord>('/answer/api/v1/user/action/record', { action, accept: ACCEPT }, { passingError: true });
    setRecord(rec);
    fresh.current = true;
    if (rec.verify && rec.captcha_type === 'pow') proofFor(rec).catch(() => undefined);
    return rec;
  }, [action, proofFor]);

  useEffect(() => {
    if (preload) load().catch(() => undefined);
  }, [preload, load]);

  const ask = <T,>(call: (c?: CaptchaValue) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      pending.current = { call, resolve: resolve as (v: unknown) => void, reject };
      setError(undefined);
      setOpen(true);
    });

  /** Calls with a proof of work; a refused proof is computed once more for a new challenge, then reported. */
  const withProof = async <T,>(call: (c?: CaptchaValue) => Promise<T>, rec: CaptchaRecord, again = true): Promise<T> => {
    const value = await proofFor(rec);
    fresh.current = false;
    try {
      return await call(value);
    } catch (err) {
      const msg = captchaError(err);
      if (!msg) throw err;
      if (again) return withProof(call, await load(), false);
      setStatus({ kind: 'failed', message: msg });
      throw new CaptchaCancelled();
    }
  };

  /** Asks for the challenge of `rec` the way its kind is solved. */
  const solve = <T,>(call: (c?: CaptchaValue) => Promise<T>, rec: CaptchaRecord): Promise<T> => (rec.captcha_type === 'pow' ? withProof(call, rec) : ask(call));

  const run = async <T,>(call: (c?: CaptchaValue) => Promise<T>): Promise<T> => {
    // Captchas are single use: take a new record unless the preloaded one is still unused.
    const rec = fresh.current && record ? record : await load();
    if (rec.verify) return solve(call, rec);
    try {
      return await call(undefined);
    } catch (err) {
      if (!captchaError(err)) throw err;
      // The server wants a captcha after all (e.g. after failed logins).
      return solve(call, await load());
    }
  };

  const submit = async (code: string) => {
    const p = pending.current;
    if (!p || !record || busy) return;
    if (!code.trim()) {
      setError(t('captcha.empty'));
      return;
    }
    setBusy(true);
    fresh.current = false;
    try {
      const out = await p.call({ captcha_id: record.captcha_id, captcha_code: code.trim() });
      pending.current = null;
      setOpen(false);
      p.resolve(out);
    } catch (err) {
      const msg = captchaError(err);
      if (msg) {
        setError(msg);
        await load().catch(() => undefined);
      } else {
        pending.current = null;
        setOpen(false);
        p.reject(err);
      }
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    const p = pending.current;
    pending.current = null;
    setOpen(false);
    p?.reject(new CaptchaCancelled());
  };

  const refresh = () => {
    setError(undefined);
    load().catch(() => undefined);
  };

  const statusText = status.kind === 'checking' ? t('captcha_pow.checking') : status.kind === 'done' ? t('captcha_pow.done') : status.kind === 'failed' ? status.message : '';
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => bind(((call) => latest.current(call)) as CaptchaRun), [bind]);

  return (
    <>
      <p role="status" className={statusText ? `small mt-2 mb-0 ${status.kind === 'failed' ? 'text-danger' : 'text-body-secondary'}` : 'visually-hidden'} data-captcha-status={status.kind}>
        {statusText}
      </p>
      {open && (
        <Suspense fallback={null}>
          <CaptchaDialog image={record?.captcha_type === 'question' ? '' : (record?.captcha_img ?? '')} question={record?.captcha_type === 'question' ? (record.question ?? '') : undefined} error={error} busy={busy} onSubmit={(c) => void submit(c)} onCancel={cancel} onRefresh={refresh} />
        </Suspense>
      )}
    </>
  );
}

