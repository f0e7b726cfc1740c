/** E-mail: SMTP settings, templates and the durable outbox with its worker. */
export { enqueueEmail, composeEmail, queueEmail, type ComposedEmail, startMailWorker, mailWorker, OutboxStatus, LEASE_SECONDS, MAX_ATTEMPTS, type EmailPayload } from './outbox.js';
export { getSmtp, isConfigured, PASSWORD_MASK, type SmtpSettings } from './smtp.js';
export { TEMPLATES, type MailTemplate } from './templates.js';
export { mailRoutes } from './mail.routes.js';
