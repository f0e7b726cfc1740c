/**
 * E-mail: SMTP settings, templates and the durable outbox with its worker. A leaf module: it knows nothing of
 * members or notifications (modules/notify-mail turns notifications into mails and imports this one).
 */
export { enqueueEmail, composeEmail, queueEmail, type ComposedEmail, startMailWorker, mailWorker, OutboxStatus, LEASE_SECONDS, MAX_ATTEMPTS, type EmailPayload } from './outbox.js';
export { getSmtp, isConfigured, PASSWORD_MASK, type SmtpSettings } from './smtp.js';
export { TEMPLATES, type MailTemplate } from './templates.js';
export { mailBrand, mailDocument, type MailBrand } from './layout.js';
export { mailRoutes } from './mail.routes.js';
export { queuedKeys } from './mail.repository.js';
