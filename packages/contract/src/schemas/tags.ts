/** Request schemas of tags and search (spec §2 tag routes and /search, §3 tag payload and operators, §5 tag rules). Messages are translation keys (i18n/<lang>/server.yaml). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { PageQuery, pageNumber, required } from './common.js';
import { TagItem } from './core.js';

// ---- Tags and search (spec §2 tag routes and /search, §3 tag payload and search operators, §5 tag rules) ----

const tagSlug = TagItem.shape.slug_name;
const tagDisplayName = z
  .string({ error: 'error.tag.display_name_required' })
  .trim()
  .min(1, 'error.tag.display_name_required')
  .max(LIMITS.tagNameMax, 'error.tag.display_name_too_long');
const tagDescription = z.string({ error: 'error.form.is_invalid' }).max(65536, 'error.tag.description_too_long');

/** Tag list orders (GET /tags/page `query_cond`). */
export const TAG_ORDERS = ['popular', 'name', 'newest'] as const;

/** GET /tags/page */
export const TagPageQuery = PageQuery.extend({
  slug_name: z.string().trim().max(LIMITS.tagNameMax, 'error.tag.slug_too_long').optional(),
  query_cond: z.enum(TAG_ORDERS, { error: 'error.form.is_invalid' }).default('popular'),
});
export type TagPageQuery = z.infer<typeof TagPageQuery>;

/** GET /tags?tags=a,b (or repeated `tags`) */
export const TagsBySlugQuery = z.object({
  tags: z.union([z.string(), z.array(z.string())]).optional(),
});

/** GET /tag: by `tag_id` or `tag_name` (also `id` or `name`). */
export const TagInfoQuery = z.object({
  tag_id: z.string().trim().optional(),
  tag_name: z.string().trim().max(LIMITS.tagNameMax).optional(),
  id: z.string().trim().optional(),
  name: z.string().trim().max(LIMITS.tagNameMax).optional(),
});

/** POST /tag (spec §3 tag create payload) */
export const TagAddReq = z.object({
  slug_name: tagSlug,
  display_name: tagDisplayName,
  original_text: tagDescription.optional().default(''),
});
export type TagAddReq = z.infer<typeof TagAddReq>;

/** PUT /tag */
export const TagUpdateReq = z.object({
  tag_id: required('error.form.cannot_be_empty'),
  slug_name: tagSlug,
  display_name: tagDisplayName,
  original_text: tagDescription.optional().default(''),
  edit_summary: z.string().trim().max(300, 'error.form.is_invalid').optional().default(''),
});
export type TagUpdateReq = z.infer<typeof TagUpdateReq>;

/** DELETE /tag, POST /tag/recover */
export const TagIdReq = z.object({ tag_id: required('error.form.cannot_be_empty') });

/** GET /tag/synonyms */
export const TagSynonymsQuery = z.object({ tag_id: required('error.form.cannot_be_empty') });

/** PUT /tag/synonym: the complete list of synonyms of `tag_id`. */
export const TagSynonymUpdateReq = z.object({
  tag_id: required('error.form.cannot_be_empty'),
  synonym_tag_list: z.array(TagItem, { error: 'error.form.is_invalid' }).max(20, 'error.tag.too_many_synonyms'),
});
export type TagSynonymUpdateReq = z.infer<typeof TagSynonymUpdateReq>;

/** PUT /follow/tags: the complete list of tags the user follows. */
export const FollowTagsReq = z.object({
  slug_name_list: z.array(z.string().trim().max(LIMITS.tagNameMax, 'error.tag.slug_too_long'), { error: 'error.form.is_invalid' }).max(200, 'error.form.is_invalid').default([]),
});
export type FollowTagsReq = z.infer<typeof FollowTagsReq>;

/** Search result orders (GET /search `order`). */
export const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'] as const;

/** GET /search. Any `q` is accepted (malformed operators are plain text); past 512 characters it is cut. */
export const SearchQuery = z.object({
  q: z.string().optional().default('').transform((s) => s.slice(0, 512)),
  order: z.enum(SEARCH_ORDERS, { error: 'error.form.is_invalid' }).default('relevance'),
  page: pageNumber.default(1),
  size: z.coerce
    .number({ error: 'error.form.is_invalid' })
    .int('error.form.is_invalid')
    .min(1, 'error.form.is_invalid')
    .max(LIMITS.searchMaxSize, 'error.form.is_invalid')
    .default(20),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** GET /question/similar?title= */
export const SimilarTitleQuery = z.object({ title: z.string().optional().default('').transform((s) => s.slice(0, 512)) });

/** GET /question/similar/tag?question_id= */
export const SimilarTagQuery = z.object({
  question_id: required('error.form.cannot_be_empty'),
  page_size: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').max(20, 'error.form.is_invalid').default(5),
});

/** POST /tag/merge (Answer 1.5's field names): merge `source_tag_id` into `target_tag_id`. */
export const TagMergeReq = z.object({ source_tag_id: required('error.form.cannot_be_empty'), target_tag_id: required('error.form.cannot_be_empty') });
export type TagMergeReq = z.infer<typeof TagMergeReq>;

/** POST /tag/merge/undo: `merge_id` is the activity_id of the 'merged' row on the target's timeline. */
export const TagMergeUndoReq = z.object({ merge_id: required('error.form.cannot_be_empty') });
