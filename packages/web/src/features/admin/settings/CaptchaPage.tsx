/**
 * /admin/captcha: the captcha provider and its options (GET and PUT /answer/admin/api/captcha, server
 * modules/captcha/captcha.settings.ts): one provider at a time, chosen from those the server lists; the
 * proof-of-work difficulty (shown for proof of work), the questions (shown for the question captcha, one per line:
 * `question | answer | answer`), the image for other clients, the captcha on sign-up. Refused values come back as
 * field errors under their fields; nothing typed is lost.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { ADMIN_API, ADMIN_KEY } from '../api';
import { lines } from './sections';
import { SettingsFrame, type FieldSpec } from './SettingsFrame';
import { useSettingsForm, type FormValues } from './useSettingsForm';

/** GET /answer/admin/api/captcha. */
interface CaptchaAdmin {
  provider: string;
  pow_difficulty: number;
  image_fallback: boolean;
  on_sign_up: boolean;
  questions: { question: string; answers: string[] }[];
  providers: { slug_name: string; name: string; description: string; type: string }[];
}

const PATH = `${ADMIN_API}/captcha`;

/** `question | answer | answer` lines -> the questions of the request (blank lines dropped). */
export function parseQuestions(text: string): { question: string; answers: string[] }[] {
  return lines(text).map((line) => {
    const [question = '', ...answers] = line.split('|').map((s) => s.trim());
    return { question, answers: answers.filter(Boolean) };
  });
}

/** The captcha settings page. */
export default function CaptchaPage() {
  const { t } = useTranslation();
  const opts = useMemo(
    () => ({
      id: 'captcha',
      load: () => api.get<CaptchaAdmin>(PATH),
      save: (body: unknown) => api.put<void>(PATH, body),
      toForm: (d: CaptchaAdmin): FormValues => ({
        provider: d.provider,
        pow_difficulty: String(d.pow_difficulty),
        image_fallback: d.image_fallback,
        on_sign_up: d.on_sign_up,
        questions: d.questions.map((q) => [q.question, ...q.answers].join(' | ')).join('\n'),
      }),
      toBody: (f: FormValues) => ({
        provider: String(f.provider),
        pow_difficulty: Number(String(f.pow_difficulty).trim() || NaN),
        image_fallback: f.image_fallback === true,
        on_sign_up: f.on_sign_up === true,
        questions: parseQuestions(String(f.questions ?? '')),
      }),
    }),
    [],
  );
  const state = useSettingsForm<CaptchaAdmin>(opts);
  // The provider list comes with the data; labels are ours for the built-in ones, a plugin's own name otherwise.
  const loaded = useProviders(state.ready);
  const fields: FieldSpec[] = [
    { name: 'provider', kind: 'select', options: loaded.map((p) => ({ value: p.slug_name, label: t(`admin.captcha.providers.${p.slug_name}`, { defaultValue: p.name }) })) },
    { name: 'pow_difficulty', kind: 'number', maxLength: 2, when: (f) => f.provider === 'pow_captcha' },
    { name: 'questions', kind: 'textarea', rows: 5, maxLength: 20000, when: (f) => f.provider === 'question_captcha' },
    { name: 'image_fallback', kind: 'switch' },
    { name: 'on_sign_up', kind: 'switch' },
  ];
  return <SettingsFrame page="captcha" state={state} fields={fields} />;
}

/** The providers of the loaded settings (the data of the form's own query, so no second request). */
function useProviders(ready: boolean): CaptchaAdmin['providers'] {
  const client = useQueryClient();
  return (ready ? client.getQueryData<CaptchaAdmin>([ADMIN_KEY, 'settings', 'captcha'])?.providers : undefined) ?? [];
}
