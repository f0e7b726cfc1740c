/** The staging ground for new askers (issue #35 item 6): the calls, the review page's queue count, the ask-time rule. */
export { stagingRoutes } from './staging.routes.js';
export { stagingQueueCounts, stagingView, stagingStats } from './staging.service.js';
export { stagesQuestion, stageQuestion, stagingSettings, isStagingReviewer } from './staging.settings.js';
