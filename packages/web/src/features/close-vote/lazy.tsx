/** The question page's close-vote bar, loaded after hydration with its strings (ui-close-vote.yaml). */
import { lazy } from 'react';
import { withStrings } from '../../lib/i18n';

export const CloseVoteBar = lazy(withStrings(() => import('./CloseVoteBar').then((m) => ({ default: m.CloseVoteBar })), ['ui-close-vote']));
