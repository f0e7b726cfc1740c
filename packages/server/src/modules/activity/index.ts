/**
 * Activity and reputation writer used by every module. Take activity ids before opening the transaction
 * (`ids.next('activity')`), then call these with the transaction handle.
 */
export { recordActivity, type ActivityInput } from './activity.js';
export { applyReputation, cancelActivities, rankConfig, utcDayStart, RANK_DEFAULTS, type RankRule, type RankConfig, type ReputationChange } from './reputation.js';
export type { ActivityRow } from './activity.repository.js';
export { applyReputationAmount, lockReputation, type AmountChange } from './reputation.amount.js';
