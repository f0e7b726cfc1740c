/** Calls of the profiles (spec §7 "Profiles"; docs/API.md); the member directory's are in directory.ts. */
import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@quorum/contract';
import { api } from '../../lib/api';
import type { PageData, TagInfo } from '../../lib/types';

const BASE = '/answer/api/v1/personal';

/** Page size of the profile lists. */
export const PROFILE_PAGE_SIZE = 20;

/** GET /personal/user/info (the user object, flat as Answer returns it). */
export interface Profile {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  bio: string;
  bio_html: string;
  website: string;
  location: string;
  status: string;
  question_count: number;
  answer_count: number;
  follow_count: number;
  created_at: number;
  last_login_date: number;
}

/** A question in profile lists (also bookmarks, which add object_type / answer_id). */
export interface ProfileQuestion {
  id: string;
  question_id: string;
  title: string;
  url_title: string;
  description: string;
  status: number;
  vote_count: number;
  answer_count: number;
  view_count: number;
  accepted_answer_id: string;
  created_at: number;
  tags: TagInfo[];
  object_type?: string;
  answer_id?: string;
  collected_at?: number;
}

/** An answer in profile lists. */
export interface ProfileAnswer {
  answer_id: string;
  question_id: string;
  description: string;
  /** 2 when accepted. */
  accepted: number;
  vote_count: number;
  create_time: number;
  question_info: { id: string; title: string; url_title: string; tags: TagInfo[] };
}

/** A comment in the profile's comments tab. */
export interface ProfileComment {
  comment_id: string;
  created_at: number;
  question_id: string;
  answer_id: string;
  object_type: string;
  title: string;
  /** The question's permalink slug (server-made). */
  url_title: string;
  /** Rendered (sanitized) HTML. */
  content: string;
}

/** A reputation change. */
export interface ReputationChange {
  rank_type: string;
  reputation: number;
  object_type: string;
  question_id: string;
  answer_id: string;
  title: string;
  /** The question's permalink slug (server-made); '' when the post is gone. */
  url_title: string;
  created_at: number;
}

/** One of the owner's votes. */
export interface OwnVote {
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  object_type: string;
  title: string;
  /** The question's permalink slug (server-made). */
  url_title: string;
  vote_type: string;
}

/** GET /personal/user/info; a 404 shows the not-found page. */
export function useProfile(username: string) {
  const query = { username };
  return useQuery({
    queryKey: [apiKey(`${BASE}/user/info`, query)],
    queryFn: () => api.get<Profile>(`${BASE}/user/info`, query, { allow404: true }),
  });
}

/** GET /personal/qa/top: five best questions and answers. */
export function useTopPosts(username: string, enabled = true) {
  const query = { username };
  return useQuery({
    queryKey: [apiKey(`${BASE}/qa/top`, query)],
    queryFn: () => api.get<{ question: ProfileQuestion[]; answer: ProfileAnswer[] }>(`${BASE}/qa/top`, query),
    enabled,
  });
}

/** The paged profile lists, by the tab that shows them. */
export interface PersonalLists {
  question: ProfileQuestion;
  answer: ProfileAnswer;
  collection: ProfileQuestion;
  comment: ProfileComment;
  rank: ReputationChange;
  vote: OwnVote;
}

/**
 * One page of a profile list: GET /personal/{kind}/page. `order` (newest | score) applies to questions and
 * answers. Collections and votes are the caller's own.
 */
export function usePersonalPage<K extends keyof PersonalLists>(kind: K, username: string, page: number, order?: string) {
  const query = { username, page, page_size: PROFILE_PAGE_SIZE, order };
  return useQuery({
    queryKey: [apiKey(`${BASE}/${kind}/page`, query)],
    queryFn: () => api.get<PageData<PersonalLists[K]>>(`${BASE}/${kind}/page`, query),
    // Keep the previous page on screen while paging, but never another list's or another user's rows.
    placeholderData: (prev, prevQuery) => {
      const key = String(prevQuery?.queryKey[0] ?? '');
      return key.startsWith(`${BASE}/${kind}/page?`) && key.includes(`username=${encodeURIComponent(username)}`) ? prev : undefined;
    },
  });
}
