/**
 * Batched reads of the question page (docs/API.md "Quorum extensions"): the comments and the reactions of every
 * post on the page come in one call each, whatever the number of answers. Every post component asks with the
 * same id list, so TanStack Query sends one request and shares it.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiKey } from '@quorum/contract';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';

/** One reaction of GET /meta/reaction. */
export interface ReactionItem {
  emoji: string;
  count: number;
  tooltip?: string;
  is_active: boolean;
  users?: { username: string; display_name: string }[];
}
export type ReactionSummary = { reaction_summary: ReactionItem[] };

/** A comment (docs/API.md "comment"). */
export interface CommentInfo {
  comment_id: string;
  status: number;
  created_at: number;
  object_id: string;
  vote_count: number;
  is_vote: boolean;
  original_text: string;
  parsed_text: string;
  user_id: string;
  username: string;
  user_display_name: string;
  user_avatar: string;
  user_status: string;
  reply_user_id: string;
  reply_username: string;
  reply_user_display_name: string;
  reply_comment_id: string;
  member_actions: { action: string; name: string; type: string }[];
}
export type CommentBlock = { count: number; list: CommentInfo[] };

/** Comments shown per post before 'show more'. */
export const COMMENT_PREVIEW = 3;

const REACTION_BATCH = '/answer/api/v1/meta/reaction/batch';
const COMMENT_BATCH = '/answer/api/v1/comment/batch';

function reactionKey(ids: string[], viewer: string) {
  return [apiKey(REACTION_BATCH, { object_ids: ids.join(',') }), viewer];
}
function commentKey(ids: string[], viewer: string) {
  return [apiKey(COMMENT_BATCH, { object_ids: ids.join(','), page_size: COMMENT_PREVIEW }), viewer];
}

/** Reactions of every post of the page, keyed by post id. */
export function useReactionBatch(ids: string[]) {
  const { user, isLoading } = useCurrentUser();
  return useQuery({
    queryKey: reactionKey(ids, user?.id ?? ''),
    queryFn: () => api.get<Record<string, ReactionSummary>>(REACTION_BATCH, { object_ids: ids.join(',') }, { passingError: true }),
    // Wait for the viewer: the answer depends on who asks (own reactions, comment menus).
    enabled: ids.length > 0 && !isLoading,
    staleTime: 60_000,
  });
}

/** First comments and comment counts of every post of the page, keyed by post id. */
export function useCommentBatch(ids: string[]) {
  const { user, isLoading } = useCurrentUser();
  return useQuery({
    queryKey: commentKey(ids, user?.id ?? ''),
    queryFn: () => api.get<Record<string, CommentBlock>>(COMMENT_BATCH, { object_ids: ids.join(','), page_size: COMMENT_PREVIEW }, { passingError: true }),
    // Wait for the viewer: the answer depends on who asks (own reactions, comment menus).
    enabled: ids.length > 0 && !isLoading,
    staleTime: 60_000,
  });
}

/** Replaces one post's reactions in the batch. */
export function setReactions(qc: QueryClient, ids: string[], viewer: string, objectId: string, summary: ReactionSummary): void {
  qc.setQueryData<Record<string, ReactionSummary>>(reactionKey(ids, viewer), (old) => ({ ...(old ?? {}), [objectId]: summary }));
}

/** Updates one post's comment block in the batch. */
export function patchComments(qc: QueryClient, ids: string[], viewer: string, objectId: string, fn: (b: CommentBlock) => CommentBlock): void {
  qc.setQueryData<Record<string, CommentBlock>>(commentKey(ids, viewer), (old) => ({ ...(old ?? {}), [objectId]: fn(old?.[objectId] ?? { count: 0, list: [] }) }));
}
