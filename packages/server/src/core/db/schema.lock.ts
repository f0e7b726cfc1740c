/** Table types of post locks and question protection (migrations 031, 032; modules/lock). Part of the Database type in schema.ts. */
import type { ColumnType } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
type Str = ColumnType<string, string | undefined, string>;

/**
 * One lock of a question or an answer: `kind` dispute | historical; `duration` 1h | 1d | 7d | forever; `ends_at`
 * unix seconds (0 = no end); `lifted_at` 0 unless ended early (then `lifted_by` is the moderator).
 */
export interface PostLocksTable {
  id: string;
  object_id: string;
  question_id: string;
  kind: string;
  duration: string;
  reason: Str;
  created_by: string;
  created_at: number;
  ends_at: Int;
  lifted_at: Int;
  lifted_by: Str;
}

/** One protection of a question: `auto` 1 when the site protected it; `lifted_at` 0 while in force. */
export interface QuestionProtectionsTable {
  id: string;
  question_id: string;
  auto: Int;
  created_by: Str;
  created_at: number;
  lifted_at: Int;
  lifted_by: Str;
}
