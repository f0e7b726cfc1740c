/**
 * Chat notices (`notify_chat`, plugins/notify-chat/README.md): a `notification` plugin that posts new questions,
 * questions still unanswered after N hours and flagged posts to one chat channel — a Slack, Discord or Microsoft
 * Teams incoming webhook, or a Matrix room through the client-server API — for every tag or only some.
 *
 * What is sent and when is the server's (modules/chat-notice); this package says what its settings ask for,
 * builds each service's message (formats.ts) and sends it through the fetch the server lends (its address guard
 * applies). An answer other than 2xx, or no answer, throws: the server retries the notice later and shows the
 * error as this plugin's last error. The Matrix access token is a secret: never shown in the form, never part of
 * an error message.
 */
import { definePlugin, type ChatNotice, type ConfigField, type NoticeEvent, type NotificationContext, type PluginConfig } from '@quorum/plugin-api';
import { SERVICES, clip, discordMessage, matrixMessage, slackMessage, teamsMessage, type Service } from './formats.js';

/** Labels of the services, for the select. */
const SERVICE_LABELS: Record<Service, string> = { slack: 'Slack', discord: 'Discord', teams: 'Microsoft Teams', matrix: 'Matrix' };

/** Hours a question waits for an answer before the "unanswered" notice, when the field is left at its default. */
export const DEFAULT_UNANSWERED_HOURS = 24;
/** The longest wait the form accepts (30 days). */
export const MAX_UNANSWERED_HOURS = 720;

/** The configuration form (admin console `/admin/notify_chat`). */
export const NOTIFY_CHAT_FIELDS: readonly ConfigField[] = [
  { name: 'service', type: 'select', label: 'Service', description: 'Where the notices go.', required: true, default: 'slack', options: SERVICES.map((value) => ({ value, label: SERVICE_LABELS[value] })) },
  { name: 'webhook_url', type: 'input', format: 'url', label: 'Incoming webhook URL', description: 'Slack, Discord and Microsoft Teams: the channel’s incoming-webhook address.' },
  { name: 'matrix_homeserver', type: 'input', format: 'url', label: 'Matrix homeserver URL', description: 'Matrix: the homeserver’s address, e.g. https://matrix.example.org.' },
  { name: 'matrix_room_id', type: 'input', label: 'Matrix room id', description: 'Matrix: the room’s id, e.g. !abcdef:example.org (Room settings > Advanced).' },
  { name: 'matrix_access_token', type: 'input', label: 'Matrix access token', description: 'Matrix: the access token of the account that posts (a member of the room); stored, never shown again.', secret: true },
  { name: 'event_new_question', type: 'switch', label: 'New questions', description: 'A notice for each new public question.', default: 'true' },
  { name: 'event_unanswered', type: 'switch', label: 'Unanswered questions', description: 'A notice, once, for each question still without an answer after the hours below.', default: 'false' },
  { name: 'unanswered_hours', type: 'input', label: 'Hours without an answer', description: `A whole number from 1 to ${MAX_UNANSWERED_HOURS}.`, default: String(DEFAULT_UNANSWERED_HOURS) },
  { name: 'event_flagged', type: 'switch', label: 'Flagged posts', description: 'A notice when a member flags a question, answer or comment.', default: 'false' },
  { name: 'tags', type: 'input', label: 'Tags', description: 'Comma-separated tag names: only questions with one of them are sent. Empty: every question.' },
];

function service(config: PluginConfig): Service {
  return (SERVICES as readonly string[]).includes(config.service ?? '') ? (config.service as Service) : 'slack';
}

function hours(config: PluginConfig): number {
  const raw = (config.unanswered_hours ?? '').trim();
  return raw === '' ? DEFAULT_UNANSWERED_HOURS : Number(raw);
}

/**
 * Field problems beyond the declared types (reason keys): the service's own address fields are required, the
 * Matrix room id has the `!id:server` form, the hours are a whole number from 1 to MAX_UNANSWERED_HOURS.
 */
export function checkConfig(config: PluginConfig): Record<string, string> {
  const out: Record<string, string> = {};
  if (service(config) === 'matrix') {
    if (!config.matrix_homeserver) out.matrix_homeserver = 'error.form.cannot_be_empty';
    if (!config.matrix_room_id) out.matrix_room_id = 'error.form.cannot_be_empty';
    else if (!/^![^:\s]+:[^\s/]+$/.test(config.matrix_room_id)) out.matrix_room_id = 'error.chat_notice.room_id_invalid';
    if (!config.matrix_access_token) out.matrix_access_token = 'error.form.cannot_be_empty';
  } else if (!config.webhook_url) out.webhook_url = 'error.form.cannot_be_empty';
  const h = hours(config);
  if (!Number.isInteger(h) || h < 1 || h > MAX_UNANSWERED_HOURS) out.unanswered_hours = 'error.chat_notice.hours_invalid';
  return out;
}

/** The text of an answer that is not 2xx, for the error: status and the start of the body (no credentials). */
async function failure(what: string, res: Response): Promise<Error> {
  const body = clip((await res.text().catch(() => '')).replace(/\s+/g, ' ').trim(), 200);
  return new Error(`${what} answered HTTP ${res.status}${body ? `: ${body}` : ''}`);
}

/** Sends one notice in the configured service's format. @throws on anything but a 2xx answer */
async function send(nc: NotificationContext, notice: ChatNotice): Promise<void> {
  const s = service(nc.config);
  const headers = { 'content-type': 'application/json' };
  if (s === 'matrix') {
    const base = (nc.config.matrix_homeserver ?? '').replace(/\/+$/, '');
    const url = `${base}/_matrix/client/v3/rooms/${encodeURIComponent(nc.config.matrix_room_id ?? '')}/send/m.room.message/${encodeURIComponent(notice.id)}`;
    const res = await nc.fetch(url, { method: 'PUT', headers: { ...headers, authorization: `Bearer ${nc.config.matrix_access_token ?? ''}` }, body: JSON.stringify(matrixMessage(notice)) });
    if (!res.ok) throw await failure('Matrix', res);
    return;
  }
  const body = s === 'slack' ? slackMessage(notice) : s === 'discord' ? discordMessage(notice) : teamsMessage(notice);
  const res = await nc.fetch(nc.config.webhook_url ?? '', { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) throw await failure(SERVICE_LABELS[s], res);
}

export default definePlugin({
  manifest: {
    slug_name: 'notify_chat',
    name: 'Chat notices',
    version: '1.0.0',
    description: 'Posts new questions, questions unanswered after some hours and flagged posts to Slack, Discord, Microsoft Teams or a Matrix room, for every tag or only some.',
    link: 'https://api.slack.com/messaging/webhooks',
    kinds: ['notification'],
    config: NOTIFY_CHAT_FIELDS,
  },
  validateConfig: checkConfig,
  notification: {
    subscription(config) {
      const events: NoticeEvent[] = [];
      if (config.event_new_question === 'true') events.push('question.created');
      if (config.event_unanswered === 'true') events.push('question.unanswered');
      if (config.event_flagged === 'true') events.push('flag.created');
      const tags = (config.tags ?? '').split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
      const h = hours(config);
      return { events, tags, unanswered_hours: Number.isInteger(h) && h >= 1 ? Math.min(h, MAX_UNANSWERED_HOURS) : DEFAULT_UNANSWERED_HOURS };
    },
    targets(config) {
      return service(config) === 'matrix'
        ? config.matrix_homeserver ? [{ field: 'matrix_homeserver', url: config.matrix_homeserver }] : []
        : config.webhook_url ? [{ field: 'webhook_url', url: config.webhook_url }] : [];
    },
    send,
  },
});
