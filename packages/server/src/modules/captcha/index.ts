/** Captchas: the providers of the `captcha` plugin kind, server-side single-use challenges, the admin's settings. */
export { createCaptcha, verifyCaptcha, CAPTCHA_ACTIONS, CAPTCHA_TTL_SECONDS, BUILTIN_CAPTCHA_SLUG, ANSWER_ACTION_NAMES, type CaptchaAction, type IssuedCaptcha } from './captcha.service.js';
export { useCaptchaGenerator, captchaProviders } from './captcha.providers.js';
export { captchaSettings, type CaptchaSettings } from './captcha.settings.js';
export { captchaRoutes } from './captcha.routes.js';
export type { CaptchaGenerator } from './providers/image.js';
