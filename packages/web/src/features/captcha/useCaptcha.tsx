/**
 * Captcha before an action (spec §4 "Captcha", §8): GET /user/action/record?action= tells whether the next
 * call needs one (`verify`) and carries a fresh image. When needed, a dialog asks for the code and the action is
 * called with `{captcha_id, captcha_code}`; a `captcha_code` field error marks the input invalid, shows the
 * message, loads a new image and keeps the dialog open. The dialog's code is loaded only when it first opens.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { withAccountStrings } from '../account/strings';

const CaptchaDialog = lazy(withAccountStrings(() => import('./CaptchaDialog')));

/** Captcha actions of the account pages (Answer's names). */
export type CaptchaAction = 'login' | 'e_mail' | 'find_pass' | 'modify_pass';

/** The fields a captcha adds to a request body. */
export interface CaptchaValue {
  captcha_id: string;
  captcha_code: string;
}

/** GET /user/action/record payload (spec §3 "Captcha data"). */
export interface CaptchaRecord {
  verify: boolean;
  captcha_id: string;
  captcha_img: string;
}

/** Thrown by `run` when the person closes the captcha dialog: nothing to report. */
export class CaptchaCancelled extends Error {
  constructor() {
    super('captcha cancelled');
    this.name = 'CaptchaCancelled';
  }
}

/** The captcha field error of a failed call, if any. */
export function captchaError(err: unknown): string | undefined {
  return err instanceof ApiError ? err.fieldError('captcha_code') : undefined;
}

interface Pending {
  call: (c?: CaptchaValue) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * @param action the action record to ask for
 * @param preload fetch the record when the page opens (spec §4: e-mail-type requests)
 * @returns `run(call)` (resolves with the call's result; rejects with its error, or CaptchaCancelled) and the
 *   `dialog` element to render
 */
export function useCaptcha(action: CaptchaAction, preload = false): { run: <T>(call: (c?: CaptchaValue) => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [record, setRecord] = useState<CaptchaRecord | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const pending = useRef<Pending | null>(null);
  const fresh = useRef(false);

  const load = useCallback(async (): Promise<CaptchaRecord> => {
    const rec = await api.get<CaptchaRecord>('/answer/api/v1/user/action/record', { action }, { passingError: true });
    setRecord(rec);
    fresh.current = true;
    return rec;
  }, [action]);

  useEffect(() => {
    if (preload) load().catch(() => undefined);
  }, [preload, load]);

  const ask = <T,>(call: (c?: CaptchaValue) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      pending.current = { call, resolve: resolve as (v: unknown) => void, reject };
      setError(undefined);
      setOpen(true);
    });

  const run = async <T,>(call: (c?: CaptchaValue) => Promise<T>): Promise<T> => {
    // Captchas are single use: take a new record unless the preloaded one is still unused.
    const rec = fresh.current && record ? record : await load();
    if (rec.verify) return ask(call);
    try {
      return await call(undefined);
    } catch (err) {
      if (!captchaError(err)) throw err;
      await load(); // the server wants a captcha after all (e.g. after failed logins)
      return ask(call);
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

  const dialog = open ? (
    <Suspense fallback={null}>
      <CaptchaDialog image={record?.captcha_img ?? ''} error={error} busy={busy} onSubmit={(c) => void submit(c)} onCancel={cancel} onRefresh={refresh} />
    </Suspense>
  ) : null;
  return { run, dialog };
}

/** True when a failure is only the person closing the captcha dialog (nothing to show). */
export function isCaptchaCancelled(err: unknown): boolean {
  return err instanceof CaptchaCancelled;
}
