/** Tags as they appear inside questions (Answer's TagResp). */
import type { TagRow } from './tag.repository.js';

/**
 * @param mainSlug slug of the main tag when `row` is a synonym
 * @param write recommended and reserved slugs from the write settings
 */
export function presentTag(row: TagRow, write: { recommend: Set<string>; reserved: Set<string> }, mainSlug = ''): Record<string, unknown> {
  return {
    slug_name: row.slug_name,
    display_name: row.display_name || row.slug_name,
    main_tag_slug_name: mainSlug,
    recommend: write.recommend.has(row.slug_name) || row.recommend === 1,
    reserved: write.reserved.has(row.slug_name) || row.reserved === 1,
  };
}
