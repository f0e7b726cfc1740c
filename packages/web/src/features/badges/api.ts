/** Badge calls (Answer's badge API): the badges page, one badge with who earned it, a member's badges. */
import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@quorum/contract';
import { api } from '../../lib/api';
import type { PageData } from '../../lib/types';

const V1 = '/answer/api/v1';

export interface BadgeSummary {
  id: string;
  name: string;
  icon: string;
  level: 1 | 2 | 3;
  award_count?: number;
  earned_count: number;
}

export interface BadgeGroup {
  group_name: string;
  badges: BadgeSummary[];
}

export interface BadgeDetail extends BadgeSummary {
  description: string;
  award_count: number;
  is_single: boolean;
}

export interface BadgeAward {
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  object_type: string;
  url_title: string;
  author_user_info: { id: string; username: string; display_name: string; avatar: string };
}

/** Every active badge, by group, with the viewer's own counts. */
export function useBadgeGroups() {
  return useQuery({ queryKey: [apiKey(`${V1}/badges`)], queryFn: () => api.get<BadgeGroup[]>(`${V1}/badges`) });
}

/** One badge; data null when there is none. */
export function useBadge(id: string) {
  return useQuery({ queryKey: [apiKey(`${V1}/badge`, { id })], queryFn: () => api.get<BadgeDetail | null>(`${V1}/badge`, { id }, { allow404: true }) });
}

/** One page (30) of a badge's awards, newest first. */
export function useBadgeAwards(id: string, page: number) {
  const query = { badge_id: id, page, page_size: 30 };
  return useQuery({ queryKey: [apiKey(`${V1}/badge/awards/page`, query)], queryFn: () => api.get<PageData<BadgeAward>>(`${V1}/badge/awards/page`, query) });
}

/** A member's badges, most recently earned first. */
export function useUserBadges(username: string) {
  const query = { username };
  return useQuery({ queryKey: [apiKey(`${V1}/badge/user/awards`, query)], queryFn: () => api.get<PageData<BadgeSummary>>(`${V1}/badge/user/awards`, query), enabled: !!username });
}
