/**
 * The message of a notice in each service's incoming-webhook format (plugins/notify-chat/README.md "Formats").
 * Every text of the site (headline, title, excerpt, tags) is escaped for the format it goes into, so a title like
 * `<!channel> *bold*` or `@everyone` stays the literal text it is; links are the notice's absolute URLs.
 * - Slack: `{text, blocks}` with mrkdwn (Slack's "Formatting text": `&`, `<`, `>` escaped as entities);
 * - Discord: `{content, embeds, allowed_mentions}` (markdown characters escaped with a backslash; no mention pings);
 * - Microsoft Teams: a message with one Adaptive Card attachment (markdown of TextBlocks escaped with a backslash);
 * - Matrix: an `m.room.message` event of msgtype `m.text` with an `org.matrix.custom.html` body (HTML escaped).
 */
import type { ChatNotice } from '@quorum/plugin-api';

/** The services this plugin speaks to. */
export const SERVICES = ['slack', 'discord', 'teams', 'matrix'] as const;
export type Service = (typeof SERVICES)[number];

/** Slack mrkdwn: the three characters Slack asks to escape (`&`, `<`, `>`). */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Discord markdown: a backslash before every character markdown or a mention could use. */
export function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|>#[\]()<@-]/g, '\\$&');
}

/** Adaptive Card TextBlock markdown: a backslash before every markdown character (CommonMark escapes). */
export function teamsEscape(text: string): string {
  return text.replace(/[\\*_~`[\]()#+!>|-]/g, '\\$&');
}

/** HTML text and attribute values. */
export function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** `text` cut to `max` characters (code points), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The link a notice points at: the flagged post for a flag, else the question. */
function mainUrl(n: ChatNotice): string {
  return n.flag?.url ?? n.question.url;
}

/** Slack's incoming-webhook body. */
export function slackMessage(n: ChatNotice): { text: string; blocks: unknown[] } {
  const q = n.question;
  const lines = [`*${slackEscape(n.headline)}*`, `<${mainUrl(n)}|${slackEscape(clip(q.title, 300))}>`];
  if (q.excerpt) lines.push(slackEscape(q.excerpt));
  const context: string[] = [];
  if (q.tags.length) context.push(`${slackEscape(n.labels.tags)}: ${q.tags.map(slackEscape).join(', ')}`);
  if (n.flag) context.push(`<${n.flag.review_url}|${slackEscape(n.labels.review)}>`);
  const blocks: unknown[] = [{ type: 'section', text: { type: 'mrkdwn', text: clip(lines.join('\n'), 3000) } }];
  if (context.length) blocks.push({ type: 'context', elements: context.map((text) => ({ type: 'mrkdwn', text })) });
  return { text: `${slackEscape(n.headline)}: ${slackEscape(q.title)} ${mainUrl(n)}`, blocks };
}

/** Discord's webhook body (embed limits: title 256, description 4096, field value 1024; content 2000). */
export function discordMessage(n: ChatNotice): { content: string; embeds: unknown[]; allowed_mentions: { parse: string[] } } {
  const q = n.question;
  const fields: { name: string; value: string; inline: boolean }[] = [];
  if (q.tags.length) fields.push({ name: discordEscape(n.labels.tags), value: clip(q.tags.map(discordEscape).join(', '), 1024), inline: true });
  if (n.flag) fields.push({ name: discordEscape(n.labels.review), value: n.flag.review_url, inline: true });
  const embed: Record<string, unknown> = { title: clip(discordEscape(q.title), 256), url: mainUrl(n), fields, footer: { text: clip(n.site_name, 2048) }, timestamp: new Date(q.created_at * 1000).toISOString() };
  if (q.excerpt) embed.description = clip(discordEscape(q.excerpt), 4096);
  return { content: clip(`**${discordEscape(n.headline)}**`, 2000), embeds: [embed], allowed_mentions: { parse: [] } };
}

/** Microsoft Teams' incoming-webhook body: one Adaptive Card (schema 1.4). */
export function teamsMessage(n: ChatNotice): { type: 'message'; attachments: { contentType: string; contentUrl: null; content: Record<string, unknown> }[] } {
  const q = n.question;
  const body: unknown[] = [
    { type: 'TextBlock', text: teamsEscape(n.headline), weight: 'Bolder', size: 'Small', isSubtle: true, wrap: true },
    { type: 'TextBlock', text: `[${teamsEscape(q.title)}](${mainUrl(n)})`, weight: 'Bolder', size: 'Medium', wrap: true },
  ];
  if (q.excerpt) body.push({ type: 'TextBlock', text: teamsEscape(q.excerpt), wrap: true });
  if (q.tags.length) body.push({ type: 'FactSet', facts: [{ title: teamsEscape(n.labels.tags), value: q.tags.map(teamsEscape).join(', ') }] });
  const card = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.4',
    body,
    actions: n.flag ? [{ type: 'Action.OpenUrl', title: n.labels.review, url: n.flag.review_url }] : [],
  };
  return { type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }] };
}

/** Matrix `m.room.message` content: plain `body` and an HTML `formatted_body`. */
export function matrixMessage(n: ChatNotice): { msgtype: 'm.text'; body: string; format: 'org.matrix.custom.html'; formatted_body: string } {
  const q = n.question;
  const plain = [`${n.headline}: ${q.title}`, mainUrl(n)];
  const html = [`<p><strong>${htmlEscape(n.headline)}</strong></p>`, `<p><a href="${htmlEscape(mainUrl(n))}">${htmlEscape(q.title)}</a></p>`];
  if (q.excerpt) {
    plain.push(q.excerpt);
    html.push(`<p>${htmlEscape(q.excerpt)}</p>`);
  }
  if (q.tags.length) {
    plain.push(`${n.labels.tags}: ${q.tags.join(', ')}`);
    html.push(`<p>${htmlEscape(n.labels.tags)}: ${q.tags.map(htmlEscape).join(', ')}</p>`);
  }
  if (n.flag) {
    plain.push(`${n.labels.review}: ${n.flag.review_url}`);
    html.push(`<p><a href="${htmlEscape(n.flag.review_url)}">${htmlEscape(n.labels.review)}</a></p>`);
  }
  return { msgtype: 'm.text', body: plain.join('\n'), format: 'org.matrix.custom.html', formatted_body: html.join('') };
}
