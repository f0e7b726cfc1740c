/**
 * Chat notices: new, unanswered and flagged questions told to the enabled notification plugins (chat-notice.service.ts).
 * `startChatNotices` subscribes to the domain events, starts the delivery worker and the unanswered sweep.
 */
import type { AppContext } from '../../core/context.js';
import { eventBus } from '../../core/events.js';
import { queueEventNotices } from './chat-notice.service.js';
import { startUnansweredSweep } from './chat-notice.sweep.js';
import { startChatNoticeWorker, wakeChatNotices } from './chat-notice.worker.js';

export { runChatNotices, MAX_ATTEMPTS, NOT_PUBLIC, PLUGIN_OFF } from './chat-notice.worker.js';
export { runUnansweredSweep, SWEEP_LOOKBACK_SECONDS } from './chat-notice.sweep.js';

/** Hooks chat notices into an app: the event subscription, the worker and the sweep (all stopped with the app). */
export function startChatNotices(ctx: AppContext): void {
  eventBus(ctx).onDomain(async (e) => {
    if ((await queueEventNotices(ctx, e)) > 0) wakeChatNotices(ctx);
  });
  startChatNoticeWorker(ctx);
  startUnansweredSweep(ctx);
}
