/** Image captchas with server-side, single-use answers. */
export { createCaptcha, verifyCaptcha, useCaptchaGenerator, CAPTCHA_ACTIONS, CAPTCHA_TTL_SECONDS, type CaptchaAction, type CaptchaGenerator } from './captcha.service.js';
