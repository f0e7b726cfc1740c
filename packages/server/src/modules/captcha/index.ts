/** Image captchas with server-side, single-use answers. */
export { createCaptcha, verifyCaptcha, useCaptchaGenerator, CAPTCHA_ACTIONS, CAPTCHA_TTL_SECONDS, BUILTIN_CAPTCHA_SLUG, ANSWER_ACTION_NAMES, type CaptchaAction, type CaptchaGenerator } from './captcha.service.js';
