/**
 * The viewer's followed tags (GET /tags/following), for the home page's "following" view. Kept apart from the
 * tag pages so the question list can use it without loading them.
 */
import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@quorum/contract';
import { api } from '../../lib/api';

const TAGS_FOLLOWING = '/answer/api/v1/tags/following';

/** A followed tag (only the fields this view reads). */
export interface FollowedTag {
  tag_id: string;
  slug_name: string;
  display_name: string;
}

/** Followed tags of the logged-in user; idle while `enabled` is false (anonymous viewers). */
export function useFollowedTags(enabled: boolean) {
  return useQuery({
    queryKey: [apiKey(TAGS_FOLLOWING)],
    queryFn: () => api.get<FollowedTag[]>(TAGS_FOLLOWING),
    enabled,
    staleTime: 30_000,
  });
}
