/** Table type of tag merges (migration 030, modules/tag tag.merge.service.ts). Part of the Database type in schema.ts. */
import type { ColumnType } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
type Str = ColumnType<string, string | undefined, string>;

/** One merge of a tag into another; `moved` is the JSON record of what moved (see migration 030). */
export interface TagMergesTable {
  id: string;
  source_tag_id: string;
  target_tag_id: string;
  user_id: string;
  moved: string;
  created_at: number;
  undone_at: Int;
  undone_by: Str;
}
