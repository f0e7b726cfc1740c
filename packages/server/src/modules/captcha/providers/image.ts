/**
 * The built-in image captcha (provider `basic_captcha`): 5 lower-case letters drawn as a GIF by `captcha.gif`
 * (pure JavaScript, no native parts; docs/ARCHITECTURE.md "Dependencies"). The answer is kept as a SHA-256 of the
 * lower-cased text and compared case-insensitively. Its slug is the one of Answer's basic captcha plugin
 * (answer-plugins captcha-basic, info.yaml), the one Answer's client looks for in GET /plugin/status.
 */
import { createHash } from 'node:crypto';
import { Captcha } from 'captcha.gif';
import { definePlugin, type CaptchaHooks } from '@quorum/plugin-api';

/** Produces an image and its answer. */
export type CaptchaGenerator = () => { answer: string; image: string };

const gifCaptcha = new Captcha({ numberOfDots: 60, blur: true, filter: true });

/** The default generator: 5 lower-case letters as a data-URL GIF. */
export const defaultGenerator: CaptchaGenerator = () => {
  const { token, buffer } = gifCaptcha.generate(5);
  return { answer: token, image: `data:image/gif;base64,${buffer.toString('base64')}` };
};

/** SHA-256 hex of the trimmed, lower-cased answer (64 characters). */
export const hashAnswer = (answer: string): string => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/**
 * The image captcha's hooks, drawing with `generate` (tests pass one with a known answer).
 * @returns hooks whose secret is the answer's hash and whose challenge is `{captcha_type: 'image', captcha_img}`
 */
export function imageCaptchaHooks(generate: () => CaptchaGenerator): CaptchaHooks {
  return {
    type: 'image',
    async issue() {
      const { answer, image } = generate()();
      return { secret: hashAnswer(answer), challenge: { captcha_type: 'image', captcha_img: image } };
    },
    async check(_options, _id, secret, answer) {
      return secret === hashAnswer(answer);
    },
  };
}

/** Slug of the built-in image captcha: Answer's basic captcha plugin's. */
export const IMAGE_CAPTCHA_SLUG = 'basic_captcha';

/** The built-in image captcha as a plugin of kind `captcha`, drawing with `generate`. */
export function imageCaptchaPlugin(generate: () => CaptchaGenerator) {
  return definePlugin({
    manifest: { slug_name: IMAGE_CAPTCHA_SLUG, name: 'Image captcha', version: '1.0.0', description: 'Letters to read from a distorted picture.', link: '', kinds: ['captcha'] },
    captcha: imageCaptchaHooks(generate),
  });
}
