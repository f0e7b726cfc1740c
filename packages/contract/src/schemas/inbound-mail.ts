/**
 * Reply by e-mail (issue #37 item 2; docs/OPERATIONS.md "Reply by e-mail", docs/API.md "Inbound mail"): the site
 * settings of section `site_inbound_mail` (PUT /admin/api/siteinfo/inbound-mail) and the shape of the inbound-mail
 * webhook. Off by default. Notification e-mails then carry a signed Reply-To address per recipient and post under
 * `reply_domain`; a reply becomes an answer or a comment of that member. `new_questions` also lets members ask by
 * writing to a tag's address (`ask+<tag>@<reply_domain>`), off by default. Answer has no reply by e-mail.
 */
import { z } from 'zod';

/** Site settings of reply by e-mail (section `site_inbound_mail`), with their defaults. */
export const INBOUND_MAIL_DEFAULTS = {
  /** Whether notification e-mails carry a reply address and replies are taken. */
  enabled: false,
  /** The domain whose MX points at the inbound server (or the provider that posts to the webhook), e.g. `reply.example.com`. */
  reply_domain: '',
  /** Whether a mail to a tag's address (`ask+<tag>@<reply_domain>`) becomes a new question. */
  new_questions: false,
} as const;
export type InboundMailSettings = { enabled: boolean; reply_domain: string; new_questions: boolean };

/** A DNS name of two labels or more (letters, digits, hyphens; no leading or trailing hyphen). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** PUT /admin/api/siteinfo/inbound-mail: the whole section; a reply domain is needed to turn it on. */
export const SiteInboundMailReq = z
  .object({
    enabled: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false),
    reply_domain: z
      .string({ error: 'error.inbound_mail.domain_invalid' })
      .trim()
      .toLowerCase()
      .max(253, 'error.inbound_mail.domain_invalid')
      .refine((v) => v === '' || DOMAIN.test(v), 'error.inbound_mail.domain_invalid')
      .optional()
      .default(''),
    new_questions: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false),
  })
  .superRefine((v, c) => {
    if (v.enabled && !v.reply_domain) c.addIssue({ code: 'custom', path: ['reply_domain'], message: 'error.inbound_mail.domain_required' });
  });
export type SiteInboundMailReq = z.infer<typeof SiteInboundMailReq>;

/**
 * POST /answer/api/v1/inbound-mail/webhook?token=: one inbound message as a provider posts it.
 * `raw` is the whole RFC 5322 message (MIME); `recipient` the envelope recipient (else the message's To and Cc are
 * read); `spf`, `dkim` and `dmarc` the provider's verdicts (`pass`, `fail`, `softfail`, `none` ...), a `fail`
 * refuses the mail.
 */
export const InboundMailWebhookReq = z.object({
  raw: z.string({ error: 'error.inbound_mail.malformed' }).min(1, 'error.inbound_mail.malformed'),
  recipient: z.string().trim().max(320).optional(),
  sender: z.string().trim().max(320).optional(),
  spf: z.string().trim().max(32).optional(),
  dkim: z.string().trim().max(32).optional(),
  dmarc: z.string().trim().max(32).optional(),
});
export type InboundMailWebhookReq = z.infer<typeof InboundMailWebhookReq>;
