/** Image captchas with server-side, single-use answers. */
export { createCaptcha, verifyCaptcha, useCaptchaGenerator, CAPTCHA_TTL_SECONDS, type CaptchaGenerator } from './captcha.service.js';
