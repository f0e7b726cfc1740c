/** Table type of bounties (migration 035, modules/bounty). Part of the Database type in schema.ts. */
import type { ColumnType } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
type Str = ColumnType<string, string | undefined, string>;
type NullableStr = ColumnType<string | null, string | null | undefined, string | null>;

/**
 * One bounty: offered by `user_id` on `question_id` for `amount` reputation, running until `ends_at`, awardable
 * until `grace_ends_at` (unix seconds). `status` open | awarded | auto_awarded | expired; `open_question_id` is the
 * question while open and null after (a unique index: one open bounty per question). `reminded_at` is when the
 * offerer was told it ends within a day (0: not yet).
 */
export interface BountiesTable {
  id: string;
  question_id: string;
  open_question_id: NullableStr;
  user_id: string;
  amount: number;
  reason: Str;
  status: string;
  created_at: number;
  ends_at: number;
  grace_ends_at: number;
  reminded_at: Int;
  awarded_answer_id: Str;
  awarded_user_id: Str;
  awarded_amount: Int;
  awarded_at: Int;
}
