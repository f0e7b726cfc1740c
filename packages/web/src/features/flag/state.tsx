/**
 * Flag state of the posts on a page, read once per page (GET /report/flags?object_ids=): which of them the
 * viewer flagged (shown to the flagger) and, for moderators, how many open flags each has (with a link to the
 * post-flags queue). Only for logged-in viewers; a flag sent from the dialog marks its post at once.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';

const FLAG_STATE = '/answer/api/v1/report/flags';

/** GET /report/flags answer: ids the viewer flagged; open flag counts by id (moderators only). */
export interface FlagState {
  flagged: string[];
  counts: Record<string, number>;
}

const key = (ids: string[], viewer: string) => [FLAG_STATE, ids.join(','), viewer];

/** The flag state of a page's posts; nothing for anonymous visitors. */
export function useFlagState(ids: string[]) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: key(ids, user?.id ?? ''),
    queryFn: () => api.get<FlagState>(FLAG_STATE, { object_ids: ids.join(',') }, { passingError: true }),
    enabled: !!user && ids.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}

/** Marks `objectId` as flagged by the viewer in the page's flag state. */
export function markFlagged(qc: QueryClient, ids: string[], viewer: string, objectId: string): void {
  qc.setQueryData<FlagState>(key(ids, viewer), (old) => ({
    flagged: [...new Set([...(old?.flagged ?? []), objectId])],
    counts: old?.counts ?? {},
  }));
}

/** 'You flagged this' for the flagger, and the open flag count for moderators. */
export function FlagMarks({ objectId, pageIds }: { objectId: string; pageIds: string[] }) {
  const { t } = useTranslation();
  const { data } = useFlagState(pageIds);
  const count = data?.counts[objectId] ?? 0;
  const mine = !!data?.flagged.includes(objectId);
  if (!count && !mine) return null;
  return (
    <span className="d-inline-flex align-items-center gap-2 small">
      {mine ? (
        <span className="text-body-secondary" data-testid="flagged-by-you">
          {t('flag.flagged_by_you')}
        </span>
      ) : null}
      {count ? (
        <Link to="/review?type=flagged_post" className="badge rounded-pill text-bg-danger text-decoration-none" data-testid="flag-count">
          {t('flag.count', { count })}
        </Link>
      ) : null}
    </span>
  );
}

/** A callback for useFlag that marks a flagged post of this page. */
export function useMarkFlagged(pageIds: string[]): (objectId: string) => void {
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  return (objectId) => markFlagged(qc, pageIds, user?.id ?? '', objectId);
}
