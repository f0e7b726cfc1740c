/** A bounty row as the calls answer it (contract BountyInfo). */
import type { BountyInfo, BountyStatus } from '@quorum/contract';
import type { UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { BountyRow } from './bounty.repository.js';

/** `row` with its offerer (`user`, undefined when deleted). Times in unix seconds. */
export function presentBounty(row: BountyRow, user: UserRow | undefined): BountyInfo {
  const u = presentBasicUser(user);
  return {
    id: row.id,
    question_id: row.question_id,
    amount: Number(row.amount),
    reason: row.reason,
    status: row.status as BountyStatus,
    created_at: Number(row.created_at),
    ends_at: Number(row.ends_at),
    grace_ends_at: Number(row.grace_ends_at),
    user: { id: String(u.id), username: String(u.username), display_name: String(u.display_name), avatar: String(u.avatar) },
    awarded_answer_id: row.awarded_answer_id,
    awarded_amount: Number(row.awarded_amount),
    awarded_at: Number(row.awarded_at),
  };
}

/**
 * The `bounty` field of a question's info while a bounty is open (from the question row's columns, migration 035),
 * undefined otherwise so that the info's shape is Answer's when there is none.
 */
export function questionBountyField(q: { bounty_amount?: number; bounty_started_at?: number; bounty_ends_at?: number }): { amount: number; started_at: number; ends_at: number } | undefined {
  const amount = Number(q.bounty_amount ?? 0);
  return amount > 0 ? { amount, started_at: Number(q.bounty_started_at), ends_at: Number(q.bounty_ends_at) } : undefined;
}
