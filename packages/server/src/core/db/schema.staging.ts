/** Table types of the staging ground (migration 036, modules/staging). Part of the Database type in schema.ts. */
import type { ColumnType } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
type Str = ColumnType<string, string | undefined, string>;

/**
 * A question that went through the staging ground (`question_id` is the question's id). `state` waiting | changes |
 * published | queued | removed; `asked_at` the question's time, `published_at` when it was approved (0 before),
 * `decided_by`/`decided_at` the reviewer who published or queued it. Unix seconds.
 */
export interface StagingQuestionsTable {
  question_id: string;
  user_id: string;
  state: string;
  asked_at: number;
  updated_at: number;
  published_at: Int;
  decided_by: Str;
  decided_at: Int;
}

/** One feedback row on a staged question: `kind` comment | changes | edited | approved | queued. */
export interface StagingFeedbackTable {
  id: string;
  question_id: string;
  user_id: string;
  kind: string;
  content: string;
  created_at: number;
}
