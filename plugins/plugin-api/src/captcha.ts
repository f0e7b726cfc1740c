/**
 * Hooks of a `captcha` plugin: one way of telling people from scripts before an action (login after failures,
 * sign-up, e-mail sends, password reset). The server owns the challenge store (the `captchas` table, so any node
 * can check a proof), single use and expiry; a provider only makes a challenge and checks an answer against what it
 * asked to keep. Answer's client knows only image captchas (`captcha_img`); other shapes reach Quorum's client.
 *
 * Exactly one captcha provider is active at a time (the admin's `captcha.provider` setting).
 */
import type { PluginConfig } from './index.js';

/** What the browser is given to solve, beside the `captcha_id` the server adds. */
export type CaptchaChallenge =
  /** an image to read (Answer's basic captcha shape): a data URL */
  | { captcha_type: 'image'; captcha_img: string }
  /**
   * a hash puzzle: find a decimal `nonce` so that SHA-256 of the UTF-8 text `${challenge}:${nonce}` starts with
   * `difficulty` zero bits; the nonce is sent back as `captcha_code`
   */
  | { captcha_type: 'pow'; pow: { algorithm: 'SHA-256'; challenge: string; difficulty: number } }
  /** a question in words, answered as `captcha_code` */
  | { captcha_type: 'question'; question: string };

/** The settings a provider is called with: its plugin configuration and the site's captcha settings. */
export interface CaptchaOptions {
  config: PluginConfig;
  /** leading zero bits a proof-of-work must have (site setting `captcha.pow_difficulty`) */
  pow_difficulty: number;
  /** the admin's questions and accepted answers (site setting `captcha.questions`) */
  questions: readonly { question: string; answers: readonly string[] }[];
}

/** Hooks of a `captcha` plugin. */
export interface CaptchaHooks {
  /** the shape of every challenge it issues: a client that cannot solve it is given the image captcha instead */
  readonly type: CaptchaChallenge['captcha_type'];
  /**
   * Makes a challenge for one action.
   * @param id the opaque id the server stores the challenge under (random, URL-safe, sent to the browser)
   * @returns `secret`: what the server keeps for the check (at most 64 characters, never sent to the browser);
   *   `challenge`: what the browser gets
   */
  issue(options: CaptchaOptions, id: string): Promise<{ secret: string; challenge: CaptchaChallenge }>;
  /**
   * Checks an answer. The server has already found the challenge, unexpired and unused, for the right action, and
   * has removed it: a proof is checked once, right or wrong.
   * @param secret what `issue` asked to keep
   * @param answer the `captcha_code` sent, trimmed, never empty
   */
  check(options: CaptchaOptions, id: string, secret: string, answer: string): Promise<boolean>;
}
