/**
 * The inbox notices of bounties (and their e-mail, by the notification mail path: the receiver's inbox e-mail
 * option, notify-mail's generic text with the phrase `notification.action.<action>`, i18n server-bounty.yaml):
 * `bounty_started` to the asker when someone else offers one, `bounty_ending` to the offerer a day before the end,
 * `bounty_awarded` to the author of the answer that received it.
 */
import type { AppContext } from '../../core/context.js';
import { notify, InboxType } from '../notification/index.js';

/** One notice. `triggerId` '' for the site's own actions (the reminder, the automatic award). */
export interface BountyNotice {
  action: 'bounty_started' | 'bounty_ending' | 'bounty_awarded';
  receiverId: string;
  triggerId: string;
  questionId: string;
  answerId?: string;
  title: string;
  amount: number;
}

/** Writes the notice (after the write that causes it has committed; a failure is logged by `notify`). */
export async function notifyBounty(ctx: AppContext, n: BountyNotice): Promise<void> {
  await notify(ctx, [
    {
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
    },
  ]);
}
