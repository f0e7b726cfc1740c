/** The staging ground's parts other pages show, loaded when first shown with their strings (ui-staging.yaml). */
import { lazy } from 'react';
import { withStrings } from '../../lib/i18n';

export const StagingNotice = lazy(withStrings(() => import('./StagingNotice').then((m) => ({ default: m.StagingNotice })), ['ui-staging']));
export const StagingFigures = lazy(withStrings(() => import('./StagingFigures').then((m) => ({ default: m.StagingFigures })), ['ui-staging']));
