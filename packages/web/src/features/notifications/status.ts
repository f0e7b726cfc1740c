/**
 * Unread notification counts: GET /notification/status, polled every 3 s while a user is logged in and
 * activated (spec §7, §9), paused while the tab is hidden. The poll ignores 50X and network errors (spec §8):
 * the last known counts stay. While the live stream (./live.ts) is open it delivers the counts within a second
 * and the poll rests.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLiveStream } from './live';

export const NOTIFICATION_STATUS_KEY = '/answer/api/v1/notification/status';
/** Notification poll interval (spec §9). */
export const NOTIFICATION_POLL_MS = 3000;

export interface NotificationStatus {
  inbox: number;
  achievement: number;
}

const EMPTY: NotificationStatus = { inbox: 0, achievement: 0 };

/**
 * Unread counts of a user; pass null (no polling) unless the user is logged in and activated.
 * Invalidate with the key prefix `[NOTIFICATION_STATUS_KEY]`.
 */
export function useNotificationStatus(userId: string | null) {
  const live = useLiveStream(userId);
  return useQuery({
    queryKey: [NOTIFICATION_STATUS_KEY, userId],
    queryFn: async ({ client, queryKey }) => {
      try {
        return await api.get<NotificationStatus>(NOTIFICATION_STATUS_KEY, undefined, { passingError: true });
      } catch {
        return client.getQueryData<NotificationStatus>(queryKey) ?? EMPTY;
      }
    },
    enabled: !!userId,
    staleTime: 0,
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** A count as shown on a badge: capped at 99 ('99+', spec §9). */
export { capCount as badgeCount } from '../../lib/format';
