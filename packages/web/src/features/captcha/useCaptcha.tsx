/**
 * Captcha before an action (spec §4 "Captcha", §8): `run(call)` calls the action, with a captcha when the server
 * asks for one, and `dialog` is the element to render in the form (the dialog, or the proof-of-work status line).
 * The captcha's code (CaptchaHost.tsx) loads when a page first needs it: at once for a preloading page, at the first
 * `run` otherwise, so the login page's first load does not carry it.
 */
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';

const loadHost = () => import('./CaptchaHost');
const CaptchaHost = lazy(loadHost);

/** Captcha actions of the account pages (Answer's names). */
export type CaptchaAction = 'login' | 'e_mail' | 'find_pass' | 'modify_pass' | 'register';

/** The fields a captcha adds to a request body. */
export interface CaptchaValue {
  captcha_id: string;
  captcha_code: string;
}

/** GET /user/action/record payload (spec §3 "Captcha data", plus the challenge kinds Quorum's client accepts). */
export interface CaptchaRecord {
  verify: boolean;
  captcha_id: string;
  captcha_img: string;
  /** absent from servers that know only images */
  captcha_type?: 'image' | 'pow' | 'question';
  pow?: { algorithm: 'SHA-256'; challenge: string; difficulty: number };
  question?: string;
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

/** What `run` is: calls `call`, with a captcha value when one is needed. */
export type CaptchaRun = <T>(call: (c?: CaptchaValue) => Promise<T>) => Promise<T>;

/**
 * @param action the action record to ask for
 * @param preload load the captcha when the page opens (spec §4: e-mail-type requests; sign-up)
 * @returns `run(call)` (resolves with the call's result; rejects with its error, or CaptchaCancelled) and the
 *   `dialog` element to render
 */
export function useCaptcha(action: CaptchaAction, preload = false): { run: CaptchaRun; dialog: ReactNode } {
  const [mounted, setMounted] = useState(preload);
  const host = useRef<{ run?: CaptchaRun; waiting: ((run: CaptchaRun) => void)[] }>({ waiting: [] });
  const bind = useCallback((run: CaptchaRun) => {
    host.current.run = run;
    for (const w of host.current.waiting.splice(0)) w(run);
  }, []);
  const run: CaptchaRun = async (call) => {
    let ready = host.current.run;
    if (!ready) {
      await loadHost(); // a failed chunk load rejects here, for the page to report
      ready = await new Promise<CaptchaRun>((resolve) => {
        host.current.waiting.push(resolve);
        setMounted(true);
      });
    }
    return ready(call);
  };
  const dialog = mounted ? (
    <Suspense fallback={null}>
      <CaptchaHost action={action} preload={preload} bind={bind} />
    </Suspense>
  ) : null;
  return { run, dialog };
}

/** True when a failure is only the person closing the captcha dialog (nothing to show). */
export function isCaptchaCancelled(err: unknown): boolean {
  return err instanceof CaptchaCancelled;
}
