/**
 * Notification e-mails (spec §7 notification settings): which member gets which inbox event by mail, in which
 * language, with which unsubscribe links; the one-click unsubscribe route. Sits above modules/mail (the outbox)
 * and modules/user (recipients), so neither of those imports the other.
 */
export { prepareNotificationMails, queuePreparedMails, notificationUrl, notificationMailKey, type InboxEvent, type PreparedMail } from './notify-mail.js';
export { renderNotifyMail, excerpt, type NotifyMailContent, type MailListItem } from './notify-templates.js';
export { mailable, recipientLanguage, siteBase, unsubscribeLinks, ONE_CLICK_PATH } from './recipients.js';
export { notifyMailRoutes } from './notify-mail.routes.js';
