/** The penalty calls of the admin user pages (docs/API.md "Penalties"). */
import type { PenaltyKind } from '@quorum/contract';
import { api } from '../../../lib/api';
import { ADMIN_API } from '../api';

/** One entry of a member's penalty history (GET /admin/api/user/penalties). */
export interface PenaltyEntry {
  id: string;
  kind: PenaltyKind;
  duration: string;
  reason: string;
  created_at: number;
  /** 0 = forever */
  ends_at: number;
  state: 'active' | 'ended' | 'lifted';
  ended_at: number;
  lifted_at: number;
  created_by: { id: string; username: string; display_name: string };
  lifted_by: { id: string; username: string; display_name: string } | null;
}

/** The history, the suggested length of the next penalty, and what is in force (-1 none, 0 forever, else its end). */
export interface PenaltyHistory {
  list: PenaltyEntry[];
  next_duration: string;
  silenced_until: number;
  suspended_until: number;
}

/** Query key of a member's penalties (under the admin key, so any user change refreshes it). */
export const penaltiesKey = (adminKey: string, userId: string) => [adminKey, 'penalties', userId] as const;

/** GET /admin/api/user/penalties */
export function fetchPenalties(userId: string): Promise<PenaltyHistory> {
  return api.get<PenaltyHistory>(`${ADMIN_API}/user/penalties`, { user_id: userId });
}

/** POST /admin/api/user/penalty; `until` unix seconds for a chosen date. */
export function imposePenalty(body: { user_id: string; kind: PenaltyKind; duration: string; until?: number; reason: string }): Promise<unknown> {
  return api.post(`${ADMIN_API}/user/penalty`, body);
}

/** PUT /admin/api/user/penalty/lift */
export function liftPenalty(userId: string, kind: PenaltyKind): Promise<unknown> {
  return api.put(`${ADMIN_API}/user/penalty/lift`, { user_id: userId, kind });
}
