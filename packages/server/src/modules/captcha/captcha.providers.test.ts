/**
 * The captcha providers through the API: the admin picks one (GET/PUT /admin/api/captcha, refused values are field
 * errors and nothing is saved); the proof-of-work challenge is solved and passes once, and a wrong, replayed or
 * expired proof is the captcha's 400 field error; the question captcha takes its accepted answers; Answer's client
 * (which names no kind) keeps getting images while the fallback is on; a switch voids the other provider's
 * challenges on the next request, on a second node too; sign-up asks for a captcha when the setting says so.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { useCaptchaGenerator } from './index.js';
import { leadingZeroBits } from './providers/pow.js';

const V1 = '/answer/api/v1';
const CAPTCHA = '/answer/admin/api/captcha';
const INCORRECT = [{ error_field: 'captcha_code', error_msg: 'The captcha is not correct or has expired. Try the new one.' }];

/** Finds the proof a browser would: the first nonce whose hash has `difficulty` leading zero bits. */
function solve(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) if (leadingZeroBits(createHash('sha256').update(`${challenge}:${n}`).digest()) >= difficulty) return String(n);
}

/** A nonce that does not solve the challenge. */
function unsolved(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) if (leadingZeroBits(createHash('sha256').update(`${challenge}:${n}`).digest()) < difficulty) return String(n);
}

interface Rec {
  verify: boolean;
  captcha_id: string;
  captcha_img: string;
  captcha_type: string;
  pow?: { algorithm: string; challenge: string; difficulty: number };
  question?: string;
}

for (const dialect of DIALECTS) {
  describe(`captcha providers on ${dialect}`, () => {
    let site: TestSite | undefined;
    let nodeB: FastifyInstance | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      nodeB = await buildApp({ dataDir: site.dataDir, rateLimit: false });
      await nodeB.ready();
      for (const app of [site.app, nodeB]) useCaptchaGenerator(app.quorum, () => ({ answer: 'solved', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
      admin = await adminToken(site.app);
    });
    afterAll(async () => {
      await nodeB?.close();
      await site?.close();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const app = () => site!.app;
    const record = async (action: string, accept = 'pow,question', on: FastifyInstance = app()) => {
      const r = await call(on, 'GET', `${V1}/user/action/record?action=${action}${accept ? `&accept=${accept}` : ''}`);
      expect(r.status).toBe(200);
      return r.body.data as Rec;
    };
    const settings = async () => (await call(app(), 'GET', CAPTCHA, { token: admin })).body.data as Record<string, unknown>;
    const save = async (change: Record<string, unknown>, on: FastifyInstance = app()) => {
      const { provider, pow_difficulty, image_fallback, on_sign_up, questions } = await settings();
      return call(on, 'PUT', CAPTCHA, { token: admin, body: { provider, pow_difficulty, image_fallback, on_sign_up, questions, ...change } });
    };
    const reset = (c: { captcha_id: string; captcha_code: string }, on: FastifyInstance = app()) => call(on, 'POST', `${V1}/user/password/reset`, { body: { e_mail: 'nobody@example.com', ...c } });

    it('lists the providers to admins only, and refuses unknown providers and out-of-range difficulties with nothing saved', async (t) => {
      if (!site) return t.skip();
      const s = await settings();
      expect(s).toMatchObject({ provider: 'basic_captcha', pow_difficulty: 14, image_fallback: true, on_sign_up: false, questions: [], pow_difficulty_min: 8, pow_difficulty_max: 24 });
      expect((s.providers as { slug_name: string; type: string }[]).map((p) => [p.slug_name, p.type])).toEqual([
        ['basic_captcha', 'image'],
        ['pow_captcha', 'pow'],
        ['question_captcha', 'question'],
      ]);
      expect((await call(app(), 'GET', CAPTCHA)).status).toBe(401);
      const bad = await save({ provider: 'no_such_captcha', pow_difficulty: 40 });
      expect([bad.status, bad.body.data]).toEqual([
        400,
        [
          { error_field: 'provider', error_msg: 'The chosen captcha provider is not available.' },
          { error_field: 'pow_difficulty', error_msg: 'The difficulty must be between 8 and 24 bits.' },
        ],
      ]);
      const noQuestions = await save({ provider: 'question_captcha' });
      expect(noQuestions.body.data).toEqual([{ error_field: 'questions', error_msg: 'Add at least one question for the question captcha.' }]);
      const noAnswer = await save({ questions: [{ question: 'Two plus two?', answers: ['4'] }, { question: 'Colour of snow?', answers: [''] }] });
      expect(noAnswer.body.data).toEqual([{ error_field: 'questions', error_msg: 'Line 2: give at least one accepted answer after the question.' }]);
      expect(await settings()).toMatchObject({ provider: 'basic_captcha', pow_difficulty: 14, questions: [] });
      expect((await record('e_mail')).captcha_type).toBe('image');
    });

    it('issues a proof-of-work challenge that passes once; wrong, replayed and expired proofs are the captcha field error', async (t) => {
      if (!site) return t.skip();
      expect((await save({ provider: 'pow_captcha', pow_difficulty: 10 })).status).toBe(200);
      const rec = await record('find_pass');
      expect(rec).toMatchObject({ verify: true, captcha_type: 'pow', captcha_img: '', pow: { algorithm: 'SHA-256', challenge: rec.captcha_id, difficulty: 10 } });
      const proof = { captcha_id: rec.captcha_id, captcha_code: solve(rec.pow!.challenge, 10) };
      expect((await reset(proof)).status).toBe(200);
      const replay = await reset(proof);
      expect([replay.status, replay.body.data]).toEqual([400, INCORRECT]);

      const other = await record('find_pass');
      const wrong = await reset({ captcha_id: other.captcha_id, captcha_code: unsolved(other.captcha_id, 10) });
      expect([wrong.status, wrong.body.data]).toEqual([400, INCORRECT]);
      // A proof for one challenge does not fit another; and a refused challenge is used up.
      const third = await record('find_pass');
      expect((await reset({ captcha_id: third.captcha_id, captcha_code: proof.captcha_code })).body.data).toEqual(INCORRECT);
      expect((await reset({ captcha_id: other.captcha_id, captcha_code: solve(other.captcha_id, 10) })).body.data).toEqual(INCORRECT);
      expect((await reset({ captcha_id: other.captcha_id, captcha_code: 'not-a-number' })).body.data).toEqual(INCORRECT);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2031-01-01T10:00:00Z'));
      const late = await record('find_pass');
      vi.setSystemTime(new Date('2031-01-01T10:10:01Z'));
      const expired = await reset({ captcha_id: late.captcha_id, captcha_code: solve(late.captcha_id, 10) });
      expect([expired.status, expired.body.data]).toEqual([400, INCORRECT]);
      const fresh = await record('find_pass');
      vi.setSystemTime(new Date('2031-01-01T10:09:59Z'));
      expect((await reset({ captcha_id: fresh.captcha_id, captcha_code: solve(fresh.captcha_id, 10) })).status).toBe(200);
    });

    it("gives Answer's client (no accept) an image while proof of work is active, and the challenge itself once the fallback is off", async (t) => {
      if (!site) return t.skip();
      expect((await save({ provider: 'pow_captcha', pow_difficulty: 10, image_fallback: true })).status).toBe(200);
      const status = (await call(app(), 'GET', `${V1}/plugin/status`)).body.data;
      expect(status).toContainEqual({ slug_name: 'basic_captcha', enabled: true });
      const image = await record('email', '');
      expect([image.verify, image.captcha_type, image.captcha_img.startsWith('data:image/gif')]).toEqual([true, 'image', true]);
      expect((await reset({ captcha_id: image.captcha_id, captcha_code: 'SOLVED' })).status).toBe(200);

      const kept = await record('email', '');
      expect((await save({ image_fallback: false })).status).toBe(200);
      expect((await reset({ captcha_id: kept.captcha_id, captcha_code: 'solved' })).body.data).toEqual(INCORRECT);
      expect((await record('email', '')).captcha_type).toBe('pow');
      expect((await save({ image_fallback: true })).status).toBe(200);
    });

    it('a switch of provider voids the other provider\'s challenges at once, on another node too', async (t) => {
      if (!site || !nodeB) return t.skip();
      expect((await save({ provider: 'pow_captcha', pow_difficulty: 8 })).status).toBe(200);
      const onB = await record('find_pass', 'pow,question', nodeB);
      expect(onB.captcha_type).toBe('pow');
      expect((await save({ provider: 'basic_captcha' })).status).toBe(200);
      expect((await record('find_pass', 'pow,question', nodeB)).captcha_type).toBe('image');
      expect((await reset({ captcha_id: onB.captcha_id, captcha_code: solve(onB.captcha_id, 8) }, nodeB)).body.data).toEqual(INCORRECT);

      expect((await save({ provider: 'pow_captcha' }, nodeB)).status).toBe(200);
      const onA = await record('find_pass');
      expect(onA.captcha_type).toBe('pow');
      expect((await reset({ captcha_id: onA.captcha_id, captcha_code: solve(onA.captcha_id, 8) }, nodeB)).status).toBe(200);
    });

    it('asks a question from the admin\'s list and takes any accepted answer, in any case and spacing', async (t) => {
      if (!site) return t.skip();
      const saved = await save({ provider: 'question_captcha', questions: [{ question: 'What is the name of this site?', answers: ['Test Site', 'Quorum'] }] });
      expect(saved.status).toBe(200);
      const rec = await record('find_pass');
      expect(rec).toMatchObject({ captcha_type: 'question', question: 'What is the name of this site?', captcha_img: '' });
      expect((await reset({ captcha_id: rec.captcha_id, captcha_code: '  test   SITE ' })).status).toBe(200);
      const again = await record('find_pass');
      expect((await reset({ captcha_id: again.captcha_id, captcha_code: 'Answer' })).body.data).toEqual(INCORRECT);
      // Answer's client gets an image for it.
      expect((await record('email', '')).captcha_type).toBe('image');
    });

    it('sign-up asks for a captcha once the setting is on, and takes a proof of work made for it', async (t) => {
      if (!site) return t.skip();
      const body = (name: string, extra: Record<string, string> = {}) => ({ body: { name, e_mail: `${name}@example.com`, pass: 'password-123', ...extra } });
      expect((await record('register')).verify).toBe(false);
      expect((await call(app(), 'POST', `${V1}/user/register/email`, body('free.signup'))).status).toBe(200);

      expect((await save({ provider: 'pow_captcha', pow_difficulty: 8, on_sign_up: true })).status).toBe(200);
      const bare = await call(app(), 'POST', `${V1}/user/register/email`, body('bare.signup'));
      expect([bare.status, bare.body.data]).toEqual([400, [{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty' }]]);
      const forLogin = await record('login');
      const wrongAction = await call(app(), 'POST', `${V1}/user/register/email`, body('bare.signup', { captcha_id: forLogin.captcha_id, captcha_code: solve(forLogin.captcha_id, 8) }));
      expect(wrongAction.body.data).toEqual(INCORRECT);
      const rec = await record('register');
      expect([rec.verify, rec.captcha_type]).toEqual([true, 'pow']);
      const ok = await call(app(), 'POST', `${V1}/user/register/email`, body('proved.signup', { captcha_id: rec.captcha_id, captcha_code: solve(rec.captcha_id, 8) }));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      // Answer's client sends its `email` captcha (an image here) with the sign-up.
      const answerClient = await record('email', '');
      const viaAnswer = await call(app(), 'POST', `${V1}/user/register/email`, body('answer.signup', { captcha_id: answerClient.captcha_id, captcha_code: 'solved' }));
      expect(viaAnswer.status, JSON.stringify(viaAnswer.body)).toBe(200);
      expect((await save({ on_sign_up: false, provider: 'basic_captcha' })).status).toBe(200);
    });
  });
}
