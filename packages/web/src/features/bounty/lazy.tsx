/** The question page's bounty parts, loaded after hydration with their strings (ui-bounty.yaml). */
import { lazy } from 'react';
import { withStrings } from '../../lib/i18n';

export const BountyBar = lazy(withStrings(() => import('./BountyBar').then((m) => ({ default: m.BountyBar })), ['ui-bounty']));
export const AwardButton = lazy(withStrings(() => import('./AwardButton').then((m) => ({ default: m.AwardButton })), ['ui-bounty']));
