/** E-mail: SMTP settings, templates and the durable outbox with its worker. */
export { enqueueEmail, composeEmail, queueEmail, type ComposedEmail, startMailWorker, mailWorker, OutboxStatus, LEASE_SECONDS, MAX_ATTEMPTS, type EmailPayload } from './outbox.js';
export { getSmtp, isConfigured, PASSWORD_MASK, type SmtpSettings } from './smtp.js';
export { TEMPLATES, type MailTemplate } from './templates.js';
export { mailRoutes } from './mail.routes.js';
export { prepareNotificationMails, queuePreparedMails, notificationUrl, notificationMailKey, type InboxEvent, type PreparedMail } from './notify-mail.js';
export { renderNotifyMail, excerpt, type NotifyMailContent, type MailListItem } from './notify-templates.js';
export { mailable, recipientLanguage, siteBase, unsubscribeLinks, ONE_CLICK_PATH } from './recipients.js';
export { notifyMailRoutes } from './notify-mail.routes.js';
