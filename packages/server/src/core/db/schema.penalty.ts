/** Table type of member penalties (migration 027, modules/penalty). Part of the Database type in schema.ts. */
import type { ColumnType } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
type Str = ColumnType<string, string | undefined, string>;

/**
 * One silence or suspension: `kind` silence | suspend; `duration` as chosen; `ends_at` unix seconds (0 = forever);
 * `lifted_at` 0 unless lifted early (then `lifted_by` is the administrator).
 */
export interface UserPenaltiesTable {
  id: string;
  user_id: string;
  kind: string;
  duration: string;
  reason: Str;
  created_by: string;
  created_at: number;
  ends_at: Int;
  lifted_at: Int;
  lifted_by: Str;
}
