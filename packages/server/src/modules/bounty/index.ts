/** Bounties on questions (issue #35 item 1): offering, awarding, the periodic settling pass. */
export { bountyRoutes } from './bounty.routes.js';
export { startBounty, awardBounty, bountyState } from './bounty.service.js';
export { questionBountyField } from './bounty.presenter.js';
export { startBountyPasses, runBountyPass } from './bounty.settle.js';
