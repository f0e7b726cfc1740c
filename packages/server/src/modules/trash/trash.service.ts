/**
 * Emptying the trash (Answer 2.0's DELETE /admin/api/delete/permanently, issue #40 item 2): an administrator
 * removes for good every deleted question (with all its answers and comments), every deleted answer (with its
 * comments) or every deleted user account (posts stay, shown without an author), with the rows that hang off them
 * (trash.repository.ts). 2.x's client asks for confirmation first (its "delete permanently" dialog); the call
 * itself takes `{type}` only. Works in transactions of one batch each, so a large trash never holds one long
 * lock; a batch that fails rolls back alone and the call can be repeated. Records the audit entry `trash.empty`
 * with the count, drops the question lists, and answers `{type, count}`.
 */
import type { DeletePermanentlyType } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import type { UserRow } from '../../core/auth/index.js';
import { recordAdminAction } from '../audit/index.js';
import { invalidateQuestionLists } from '../question/index.js';
import { purgeAnswerBatch, purgeQuestionBatch, purgeUserBatch } from './trash.repository.js';

const BATCHES = { questions: purgeQuestionBatch, answers: purgeAnswerBatch, users: purgeUserBatch } as const;
const TARGET = { questions: 'question', answers: 'answer', users: 'user' } as const;

/**
 * Removes every deleted object of `type`.
 * @returns `{type, count}`: how many questions, answers or users were removed (0 when the trash was empty; no
 *   audit entry then)
 */
export async function emptyTrash(ctx: AppContext, admin: UserRow, type: DeletePermanentlyType): Promise<{ type: DeletePermanentlyType; count: number }> {
  const db = requireDb(ctx);
  let count = 0;
  for (;;) {
    const n = await transaction(db, (tx) => BATCHES[type](tx));
    if (!n) break;
    count += n;
  }
  if (count) {
    if (type !== 'users') invalidateQuestionLists();
    await recordAdminAction(ctx, admin, { action: 'trash.empty', targetType: TARGET[type], targetId: type, changes: { removed: count } });
  }
  return { type, count };
}
