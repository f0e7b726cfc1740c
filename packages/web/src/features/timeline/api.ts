/** Calls of the history timelines (spec §7 "History and review"; docs/API.md "timelines"). */
import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@quorum/contract';
import { api } from '../../lib/api';
import type { TagInfo, UserBasic } from '../../lib/types';

const TIMELINE = '/answer/api/v1/activity/timeline';
const DETAIL = '/answer/api/v1/activity/timeline/detail';

/** What a timeline is about. `object_type` is question, answer or tag. */
export interface TimelineObject {
  title: string;
  /** The question's permalink slug (server-made; the tag's slug name for tags). */
  url_title: string;
  object_type: string;
  question_id: string;
  answer_id: string;
  username: string;
  display_name: string;
  main_tag_slug_name: string;
}

/** One activity of a timeline (spec §3 "Timeline activity types"). */
export interface TimelineItem {
  activity_id: string;
  /** '0' when the activity made no revision. */
  revision_id: string;
  created_at: number;
  activity_type: string;
  /** Edit summary of a revision, or the comment's HTML for 'commented'. */
  comment: string;
  object_id: string;
  object_type: string;
  cancelled: boolean;
  cancelled_at: number;
  /** Why a moderator acted (close reason, flag outcome, review decision), plain text; '' or absent when none. */
  reason?: string;
  user_info: UserBasic | null;
}

export interface Timeline {
  object_info: TimelineObject;
  timeline: TimelineItem[];
}

/** One side of a revision comparison. */
export interface RevisionSnapshot {
  title: string;
  tags: TagInfo[] | null;
  original_text: string;
  slug_name: string;
  main_tag_slug_name: string;
}

export interface RevisionDetail {
  new_revision: RevisionSnapshot | null;
  old_revision: RevisionSnapshot | null;
}

/** Every activity type the timeline knows how to label (spec §3). */
export const ACTIVITY_TYPES = [
  'undeleted', 'deleted', 'downvote', 'upvote', 'accept', 'cancelled', 'commented', 'rollback', 'edited',
  'answered', 'asked', 'closed', 'reopened', 'created', 'pin', 'unpin', 'show', 'hide',
] as const;

/** Moderator actions and post changes the timeline labels besides spec §3's types (Quorum): flags, locks, protection, community wiki. */
export const MODERATION_TYPES = ['flag_handled', 'flag_ignored', 'locked', 'unlocked', 'protected', 'unprotected', 'wiki', 'unwiki'] as const;

/** GET /activity/timeline for a question, answer or tag; votes only when `showVote` (staff). 404 shows the 404 page. */
export function useTimeline(objectId: string, showVote: boolean) {
  const query = { object_id: objectId, show_vote: showVote };
  return useQuery({
    queryKey: [apiKey(TIMELINE, query)],
    queryFn: () => api.get<Timeline>(TIMELINE, query, { allow404: true }),
    enabled: !!objectId,
  });
}

/** GET /activity/timeline/detail: a revision and the one before it (null for the first). */
export function useRevisionDetail(revisionId: string) {
  return useQuery({
    queryKey: [apiKey(DETAIL, { revision_id: revisionId })],
    queryFn: () => api.get<RevisionDetail>(DETAIL, { revision_id: revisionId }),
    staleTime: Infinity,
  });
}
