/** Table types of close and reopen votes (migration 034, modules/close-vote). Part of the Database type in schema.ts. */
import type { ColumnType } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
type Str = ColumnType<string, string | undefined, string>;

/** A question's vote round: `round` moves at every close or reopen; `kind` close | reopen | '' (not read yet). */
export interface CloseVoteRoundsTable {
  question_id: string;
  round: Int;
  kind: Str;
  updated_at: Int;
}

/** One member's vote of a round: `kind` close | reopen | leave_open; times in unix seconds, 0 = not. */
export interface CloseVotesTable {
  id: string;
  question_id: string;
  round: number;
  user_id: string;
  kind: string;
  close_type: Int;
  close_msg: Str;
  duplicate_id: Str;
  binding: Int;
  created_at: number;
  retracted_at: Int;
  decided_at: Int;
}
