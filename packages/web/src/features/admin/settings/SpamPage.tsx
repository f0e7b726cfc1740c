/**
 * /admin/spam: the spam section of the site settings (contract schemas/spam.ts; the server's modules/spam).
 * Limits for new members (below a reputation threshold): questions, answers and comments per minute, hour and
 * day; links, images and mentions per post; edits per hour, flags per day, the wait after sign-up. Sign-up
 * screening: blocked e-mail domains and the editable list of disposable domains (the allow list stays on the
 * login page). 0 turns a limit off; a blank or non-numeric limit is refused on its field, never read as 0.
 * Flags: the flag score that hides a post pending review (`flag_hide_weight`, decimals allowed; the server's
 * modules/report report.hide.ts). Reviewers: the built-in reviewer's spam phrases and blocked words, one a line, and
 * the time-out of reviewer plugins (the server's modules/reviewer).
 */
import { useId, useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { FLAG_HIDE_WEIGHT_DEFAULT, REVIEWER_TIMEOUT_DEFAULT, SPAM_POST_KINDS, SPAM_WINDOWS, SPAM_LIMIT_DEFAULTS, type SiteSpamSettings } from '@quorum/contract';
import { fetchSiteinfo, saveSiteinfo } from '../api';
import { lines } from './sections';
import { SETTINGS_SCHEMAS } from './schemas';
import { SettingsFrame, SpecField, type FieldSpec } from './SettingsFrame';
import { useSettingsForm, type FormValues, type SettingsForm } from './useSettingsForm';

const LIMIT_NAMES = Object.keys(SPAM_LIMIT_DEFAULTS) as (keyof typeof SPAM_LIMIT_DEFAULTS)[];
const LISTS = ['blocked_email_domains', 'disposable_email_domains', 'spam_phrases', 'blocked_words'] as const;

/** A whole number as typed, or NaN (refused by the schema) for anything else, blank included. */
const whole = (v: string | boolean | undefined): number => (/^\s*\d+\s*$/.test(String(v ?? '')) ? Number(v) : Number.NaN);
/** A number with an optional decimal part (point or comma) as typed, or NaN: the flag hide threshold. */
const decimal = (v: string | boolean | undefined): number => (/^\s*\d+([.,]\d+)?\s*$/.test(String(v ?? '')) ? Number(String(v).trim().replace(',', '.')) : Number.NaN);

function toForm(d: SiteSpamSettings): FormValues {
  const out: FormValues = { block_disposable_emails: d.block_disposable_emails === true };
  for (const n of LIMIT_NAMES) out[n] = String(d[n] ?? '');
  for (const l of LISTS) out[l] = (d[l] ?? []).join('\n');
  out.flag_hide_weight = String(d.flag_hide_weight ?? FLAG_HIDE_WEIGHT_DEFAULT);
  out.reviewer_timeout_seconds = String(d.reviewer_timeout_seconds ?? REVIEWER_TIMEOUT_DEFAULT);
  return out;
}

function toBody(f: FormValues, d: SiteSpamSettings): unknown {
  const body: Record<string, unknown> = { ...d, block_disposable_emails: f.block_disposable_emails === true };
  for (const n of LIMIT_NAMES) body[n] = whole(f[n]);
  for (const l of LISTS) body[l] = lines(f[l]);
  body.flag_hide_weight = decimal(f.flag_hide_weight);
  body.reviewer_timeout_seconds = whole(f.reviewer_timeout_seconds);
  return body;
}

/** One labelled number input of the form: whole numbers, or with `decimals` a decimal part too. */
function NumberInput({ state, name, label, hint, decimals }: { state: SettingsForm; name: string; label: string; hint?: string; decimals?: boolean }) {
  const id = useId();
  const error = state.errors[name];
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="fw-medium small mb-1">{label}</Form.Label>
      <Form.Control
        name={name}
        inputMode={decimals ? 'decimal' : 'numeric'}
        value={String(state.form[name] ?? '')}
        onChange={(e) => state.set(name, e.target.value)}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
      />
      {hint && <Form.Text id={`${id}-hint`} className="d-block">{hint}</Form.Text>}
      {error && <Form.Control.Feedback type="invalid" id={`${id}-error`}>{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}

/**
 * A titled group of three whole-number inputs side by side, bottoms aligned; `stack` puts them one under the
 * other on phones (for long labels).
 */
function NumberGroup({ state, legend, names, labels, stack }: { state: SettingsForm; legend: string; names: string[]; labels: string[]; stack?: boolean }) {
  return (
    <fieldset className="mb-2">
      <legend className="h6 mb-1">{legend}</legend>
      <div className="row g-2 align-items-end">
        {names.map((n, i) => (
          <div key={n} className={stack ? 'col-12 col-sm-4' : 'col-4'}>
            <NumberInput state={state} name={n} label={labels[i]!} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

const SCREENING: FieldSpec[] = [
  { name: 'blocked_email_domains', kind: 'textarea', rows: 4 },
  { name: 'block_disposable_emails', kind: 'switch' },
  { name: 'disposable_email_domains', kind: 'textarea', rows: 8, when: (f) => f.block_disposable_emails === true },
];

const REVIEWERS: FieldSpec[] = [
  { name: 'spam_phrases', kind: 'textarea', rows: 5 },
  { name: 'blocked_words', kind: 'textarea', rows: 3 },
];

/** The spam settings page. */
export default function SpamPage() {
  const { t } = useTranslation();
  const opts = useMemo(
    () => ({
      id: 'spam',
      load: () => fetchSiteinfo<SiteSpamSettings>('spam'),
      save: (body: unknown) => saveSiteinfo('spam', body),
      toForm,
      toBody,
      schema: SETTINGS_SCHEMAS.spam ?? null,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  const windows = SPAM_WINDOWS.map((w) => t(`admin.spam.per_${w}`));
  return (
    <SettingsFrame page="spam" state={state}>
      <h3 className="h5 mt-2">{t('admin.spam.new_members')}</h3>
      <div className="row">
        <div className="col-12 col-sm-8 col-xl-6">
          <NumberInput state={state} name="new_member_reputation" label={t('admin.spam.new_member_reputation')} hint={t('admin.spam.new_member_reputation_hint')} />
        </div>
      </div>
      <p className="small text-body-secondary">{t('admin.spam.zero_off')}</p>
      {SPAM_POST_KINDS.map((k) => (
        <NumberGroup key={k} state={state} legend={t(`admin.spam.${k}s`)} names={SPAM_WINDOWS.map((w) => `${k}_per_${w}`)} labels={windows} />
      ))}
      <NumberGroup state={state} legend={t('admin.spam.per_post')} names={['max_links', 'max_images', 'max_mentions']} labels={[t('admin.spam.max_links'), t('admin.spam.max_images'), t('admin.spam.max_mentions')]} />
      <NumberGroup
        state={state}
        legend={t('admin.spam.other')}
        names={['edits_per_hour', 'flags_per_day', 'first_post_wait_seconds']}
        labels={[t('admin.spam.edits_per_hour'), t('admin.spam.flags_per_day'), t('admin.spam.first_post_wait_seconds')]}
        stack
      />
      <h3 className="h5 mt-3">{t('admin.spam.flags')}</h3>
      <div className="row">
        <div className="col-12 col-sm-8 col-xl-6">
          <NumberInput state={state} name="flag_hide_weight" label={t('admin.spam.flag_hide_weight')} hint={t('admin.spam.flag_hide_weight_hint')} decimals />
        </div>
      </div>
      <h3 className="h5 mt-3">{t('admin.spam.reviewers')}</h3>
      <p className="small text-body-secondary">{t('admin.spam.reviewers_intro')}</p>
      {REVIEWERS.map((f) => (
        <SpecField key={f.name} page="spam" spec={f} state={state} />
      ))}
      <div className="row">
        <div className="col-12 col-sm-8 col-xl-6">
          <NumberInput state={state} name="reviewer_timeout_seconds" label={t('admin.spam.reviewer_timeout_seconds')} hint={t('admin.spam.reviewer_timeout_seconds_hint')} />
        </div>
      </div>
      <h3 className="h5 mt-3">{t('admin.spam.screening')}</h3>
      <p className="small text-body-secondary">{t('admin.spam.screening_intro')}</p>
      {SCREENING.map((f) => (
        <SpecField key={f.name} page="spam" spec={f} state={state} />
      ))}
    </SettingsFrame>
  );
}
