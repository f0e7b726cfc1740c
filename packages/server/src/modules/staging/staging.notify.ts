/**
 * The asker's inbox notices of the staging ground (and their e-mail, by the notification mail path: the receiver's
 * inbox e-mail option, notify-mail's generic text with the phrase `notification.action.<action>`, i18n
 * server-staging.yaml): `staging_comment` when a reviewer comments, `staging_changes` when one asks for changes,
 * `staging_approved` when the question is published, `staging_queued` when it is sent to the review queue.
 */
import type { AppContext } from '../../core/context.js';
import { notify, InboxType } from '../notification/index.js';

/** The actions of the notices. */
export type StagingNoticeAction = 'staging_comment' | 'staging_changes' | 'staging_approved' | 'staging_queued';

/** Writes one notice to the asker (after the write that causes it has committed; a failure is logged by `notify`). */
export async function notifyAsker(ctx: AppContext, n: { action: StagingNoticeAction; askerId: string; reviewerId: string; questionId: string; title: string }): Promise<void> {
  await notify(ctx, [
    {
      receiver_id: n.askerId,
      trigger_user_id: n.reviewerId,
      type: 'inbox',
      inbox_type: InboxType.posts,
      action: n.action,
      object_type: 'question',
      object_id: n.questionId,
      title: n.title,
      question_id: n.questionId,
    },
  ]);
}
