/**
 * The built-in question-and-answer captcha (provider `question_captcha`): a question in words from the admin's list
 * (setting `captcha.questions`), answered in a text field: readable by a screen reader, nothing to see. Answers
 * are compared trimmed, lower-cased and with runs of spaces made one. The secret is the question's place in the
 * list and a hash of its text, so editing the list voids only the questions that changed.
 */
import { createHash, randomInt } from 'node:crypto';
import { definePlugin, type CaptchaHooks } from '@quorum/plugin-api';

/** An answer as compared: trimmed, lower case, single spaces. */
export const normalizeAnswer = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

const questionHash = (q: string): string => createHash('sha256').update(q).digest('hex').slice(0, 32);

/** The question-and-answer hooks. */
export const questionCaptchaHooks: CaptchaHooks = {
  type: 'question',
  async issue(options) {
    const list = options.questions.filter((q) => q.question.trim() && q.answers.length);
    if (!list.length) throw new Error('no captcha questions are set');
    const i = randomInt(list.length);
    const q = list[i]!;
    return { secret: `${i}:${questionHash(q.question)}`, challenge: { captcha_type: 'question', question: q.question } };
  },
  async check(options, _id, secret, answer) {
    const [index, hash] = secret.split(':');
    const list = options.questions.filter((q) => q.question.trim() && q.answers.length);
    const q = list[Number(index)];
    if (!q || questionHash(q.question) !== hash) return false;
    const given = normalizeAnswer(answer);
    return q.answers.some((a) => normalizeAnswer(a) === given);
  },
};

/** Slug of the built-in question-and-answer captcha. */
export const QUESTION_CAPTCHA_SLUG = 'question_captcha';

/** The built-in question-and-answer captcha as a plugin of kind `captcha`. */
export const questionCaptchaPlugin = definePlugin({
  manifest: { slug_name: QUESTION_CAPTCHA_SLUG, name: 'Question and answer', version: '1.0.0', description: 'A question in words from the list the admin keeps.', link: '', kinds: ['captcha'] },
  captcha: questionCaptchaHooks,
});
