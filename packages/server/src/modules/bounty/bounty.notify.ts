/**
 * The inbox notices of bounties (and their e-mail, by the notification mail path: the receiver's inbox e-mail
 * option, notify-mail's generic text with the phrase `notification.action.<action>`, i18n server-bounty.yaml):
 * `bounty_started` to the asker when someone else offers one and `bounty_started_followed` to the question's other
 * followers (not the offerer), `bounty_ending` to the offerer a day before the end (once: bounty.settle.ts),
 * `bounty_awarded` to the author of the answer that received it.
 */
import type { AppContext } from '../../core/context.js';
import { notify, InboxType, type NotifyInput } from '../notification/index.js';

/** One notice. `triggerId` '' for the site's own actions (the reminder, the automatic award). */
export interface BountyNotice {
  action: 'bounty_started' | 'bounty_started_followed' | 'bounty_ending' | 'bounty_awarded';
  receiverId: string;
  triggerId: string;
  questionId: string;
  answerId?: string;
  title: string;
  amount: number;
}

/** The notification of one notice. */
function item(n: BountyNotice): NotifyInput {
  return {
    receiver_id: n.receiverId,
    trigger_user_id: n.triggerId,
    type: 'inbox',
    inbox_type: InboxType.posts,
    action: n.action,
    object_type: n.answerId ? 'answer' : 'question',
    object_id: n.answerId ?? n.questionId,
    title: n.title,
    question_id: n.questionId,
    ...(n.answerId ? { answer_id: n.answerId } : {}),
    rank: n.amount,
  };
}

/**
 * Writes the notices (after the write that causes them has committed; a failure is logged by `notify`, which also
 * leaves out a notice to the member who caused it).
 */
export async function notifyBounty(ctx: AppContext, ...notices: BountyNotice[]): Promise<void> {
  if (notices.length) await notify(ctx, notices.map(item));
}
